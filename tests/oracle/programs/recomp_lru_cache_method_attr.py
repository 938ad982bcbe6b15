"""recomp: a module attribute holds an lru_cache-wrapped function (cache_clear'ed by the user between calls) and a different cached function later replaces it -- test_functools.py TestLRU test_lru_method / test_misc.py lru_cache."""
import functools
import torch


@functools.lru_cache(maxsize=8)
def sq(n):
    return n * n


@functools.lru_cache(maxsize=8)
def cube(n):
    return n * n * n


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 2)
        self.fn = sq

    def forward(self, x):
        return self.lin(x) * self.fn(2)


torch.manual_seed(0)
m = M()
cm = torch.compile(m)
x = torch.ones(1, 2)
print(cm(x))
sq.cache_clear()
print(cm(x))
m.fn = cube
print(cm(x))
