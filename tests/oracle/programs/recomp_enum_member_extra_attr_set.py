"""recomp: a non-member attribute set on an Enum member (Mode.FAST.factor) is read in the compiled function and reassigned between calls -- test_enum.py / test_misc.py enum member attributes."""
import enum
import torch


class Mode(enum.Enum):
    FAST = 1
    SLOW = 2


Mode.FAST.factor = 2.0
Mode.SLOW.factor = 0.5


@torch.compile(backend="eager")
def f(x, m):
    return x * m.factor + m.value


x = torch.arange(3.0)
print(f(x, Mode.FAST).sum().item())
print(f(x, Mode.FAST).sum().item())
Mode.FAST.factor = 4.0
print(f(x, Mode.FAST).sum().item())
print(f(x, Mode.SLOW).sum().item())
