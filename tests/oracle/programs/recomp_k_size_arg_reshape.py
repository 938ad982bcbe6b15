"""recomp: a torch.Size argument is passed to reshape and its first element scales the result; later another torch.Size -- test_guard_serialization.py SEQUENCE_LENGTH / constant guards on a torch.Size."""
import torch


@torch.compile
def fn(x, size):
    return x.reshape(size) * size[0]


x = torch.arange(6.0)
print(round(fn(x, torch.Size([2, 3])).sum().item(), 4))
print(round(fn(x, torch.Size([3, 2])).sum().item(), 4))
print(round(fn(x, torch.Size([6])).sum().item(), 4))
