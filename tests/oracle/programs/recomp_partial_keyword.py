"""recomp: functools.partial objects with different keyword values passed as an argument -- test_functions.py test_partial guards (keywords)."""
import functools
import torch

def scale(x, factor=1.0):
    return x * factor

@torch.compile
def f(fn, x):
    return fn(x) + 1

x = torch.ones(3)
f(functools.partial(scale, factor=2.0), x)
f(functools.partial(scale, factor=2.0), x)
f(functools.partial(scale, factor=3.0), x)
