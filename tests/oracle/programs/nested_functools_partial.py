"""nested: functools.partial of a user function -- test_functions.py test_partial."""
import functools
import torch

def scale(x, k):
    return x * k

@torch.compile
def f(x, g):
    return g(x) + 1

f(torch.ones(3), functools.partial(scale, k=2))
f(torch.ones(3), functools.partial(scale, k=3))
