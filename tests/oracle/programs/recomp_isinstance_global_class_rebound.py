"""recomp: `isinstance(obj, Kind)` where the global name Kind is rebound from one class to another between calls -- test_functions.py isinstance tests on globals."""
import torch


class A:
    pass


class B:
    pass


Kind = A


@torch.compile
def fn(x, obj):
    if isinstance(obj, Kind):
        return x + 1
    return x - 1


a = A()
x = torch.zeros(2)
print(fn(x, a).sum().item())
Kind = B
print(fn(x, a).sum().item())
Kind = (A, B)
print(fn(x, a).sum().item())
print(fn(x, a).sum().item())
