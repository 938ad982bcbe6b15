"""recomp: an object's functools.cached_property returns a tensor made from another tensor attribute; the base is edited in place (the cache stays stale in eager), the cache is deleted, then the base rebound -- test_functions.py cached_property."""
import functools
import torch


class Table:
    def __init__(self, base):
        self.base = base

    @functools.cached_property
    def scaled(self):
        return self.base * 2


T = Table(torch.tensor([1.0, 2.0]))


@torch.compile
def f(x):
    return x + T.scaled


x = torch.zeros(2)
print(f(x).tolist())
T.base.add_(1)
print(f(x).tolist())
del T.scaled
print(f(x).tolist())
T.base = torch.tensor([10.0, 20.0])
print(f(x).tolist())
del T.scaled
print(f(x).tolist())
