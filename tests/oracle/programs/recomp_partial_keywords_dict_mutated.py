"""recomp: a global functools.partial whose keywords dict the user mutates in place between calls -- test_functions.py test_partial guards (keywords)."""
import functools
import torch


def scale(x, factor=1.0):
    return x * factor


p = functools.partial(scale, factor=2.0)


@torch.compile
def fn(x):
    return p(x) + 1


x = torch.ones(3)
print(fn(x).sum().item())
p.keywords["factor"] = 3.0
print(fn(x).sum().item())
print(fn(x).sum().item())
