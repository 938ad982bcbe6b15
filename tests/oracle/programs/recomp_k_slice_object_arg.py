"""recomp: a slice object argument indexes the tensor; later slices with another start and another step -- test_guard_serialization.py constant guards on a slice input."""
import torch


@torch.compile
def fn(x, s):
    return x[s] * 2


x = torch.arange(8.0)
print(round(fn(x, slice(0, 4)).sum().item(), 4))
print(round(fn(x, slice(1, 5)).sum().item(), 4))
print(round(fn(x, slice(0, 8, 2)).sum().item(), 4))
print(round(fn(x, slice(0, 4)).sum().item(), 4))
