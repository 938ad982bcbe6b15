"""recomp: the frame calls the builtin abs(); between calls a module global named abs is defined (shadowing the builtin), then deleted -- test_guard_serialization.py test_builtin_match."""
import torch


@torch.compile
def fn(x):
    return abs(x) + 1


x = torch.tensor([-1.0, 2.0, -3.0])
print(round(fn(x).sum().item(), 4))
print(round(fn(x).sum().item(), 4))


def abs(t):  # noqa: A001
    return t * 10


print(round(fn(x).sum().item(), 4))
del abs
print(round(fn(x).sum().item(), 4))
