"""recomp: an int argument indexes and slices a Python list and sizes torch.zeros; three different ints -- test_unspec.py test_builtin_getitem."""
import torch


@torch.compile
def fn(x, idx):
    return torch.zeros(idx) + x[idx], sum(x[idx:])


x = list(range(10))
for idx in (3, 4, 6):
    a, b = fn(x, idx)
    print(a.shape, a.sum().item(), b)
