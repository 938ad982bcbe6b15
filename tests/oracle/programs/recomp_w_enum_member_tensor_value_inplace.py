"""recomp: Enum members whose values are 0-dim tensors; the compiled function scales by Gain.HIGH.value, which is edited in place, and the global member chosen is switched -- test_enum.py enum member values read in the frame."""
import enum
import torch


class Gain(enum.Enum):
    LOW = torch.tensor(0.5)
    HIGH = torch.tensor(2.0)


MODE = Gain.HIGH


@torch.compile
def f(x):
    return x * MODE.value + 1


x = torch.ones(2)
print(f(x).tolist())
Gain.HIGH.value.mul_(3)
print(f(x).tolist())
MODE = Gain.LOW
print(f(x).tolist())
Gain.LOW.value.fill_(-1.0)
print(f(x).tolist())
