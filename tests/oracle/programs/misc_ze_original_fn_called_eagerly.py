"""misc: g = torch.compile(fn); the program also calls fn itself (eager) with other sizes and a print in it."""
import torch


def fn(x):
    y = x * 2
    if x.shape[0] > 3:
        print("big")
    return y + 1


g = torch.compile(fn, backend="eager")
print(g(torch.ones(3)))
print(fn(torch.ones(4)))
print(fn(torch.ones(5)))
print(g(torch.ones(3)))
