"""misc: a namedtuple return -- test_functions.py test_namedtuple."""
import collections
import torch

Out = collections.namedtuple("Out", ["a", "b"])

@torch.compile
def f(x):
    return Out(x + 1, x * 2)

f(torch.ones(2))
