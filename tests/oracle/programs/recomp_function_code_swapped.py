"""recomp: a global helper's __code__ is replaced with another function's code between calls; the frame calls the helper -- test_funcattrs.py FunctionPropertiesTest test___code__."""
import torch


def helper(x):
    return x + 1


def other(x):
    return x * 10


@torch.compile
def f(x):
    return helper(x).sin()


x = torch.ones(2)
print(f(x))
print(f(x))
helper.__code__ = other.__code__
print(f(x))
