"""misc: a functools.cached_property on an object argument is computed inside the compiled frame on the first call and read from the instance dict afterwards -- test_functools.py TestCachedProperty test_cached (cpython 3_13)."""
import functools
import torch


class Table:
    def __init__(self, n):
        self.n = n
        self.computed = 0

    @functools.cached_property
    def weights(self):
        self.computed += 1
        return torch.arange(float(self.n))


@torch.compile
def lookup(x, table):
    return x * table.weights


t = Table(3)
x = torch.ones(3)
print(lookup(x, t))
print(lookup(x, t))
print(lookup(x, t))
print(t.computed)
