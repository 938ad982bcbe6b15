"""recomp: the same function wrapped by torch.compile twice (two wrappers share the code's cache)."""
import torch


def fn(x):
    return x.sin() + 1


g1 = torch.compile(fn, backend="eager")
g2 = torch.compile(fn, backend="eager")
print(g1(torch.ones(3)))
print(g2(torch.ones(3)))
print(g2(torch.ones(4)))
print(g1(torch.ones(5)))
