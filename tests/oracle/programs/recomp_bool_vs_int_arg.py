"""recomp: a Python int argument then True (a bool, an int subclass), then 1 again and 1.0 -- test_unspec.py / test_functions.py constant type guards."""
import torch


@torch.compile
def fn(x, k):
    return x * (k + 1)


x = torch.ones(2)
print(fn(x, 1).sum().item())
print(fn(x, True).sum().item())
print(fn(x, 1).sum().item())
print(fn(x, 1.0).sum().item())
print(fn(x, False).sum().item())
