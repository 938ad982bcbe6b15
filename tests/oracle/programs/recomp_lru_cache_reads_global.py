"""recomp: a functools.lru_cache-wrapped helper that reads a global scale is called in the frame; the global changes between calls (eager returns the cached value, Dynamo inlines the wrapped function) -- test_misc.py test_lru_cache_warning / test_functools.py TestLRU."""
import functools
import torch

SCALE = 2


@functools.lru_cache(maxsize=None)
def factor(n):
    return n * SCALE


@torch.compile
def f(x, n):
    return x * factor(n)


x = torch.ones(2)
print(f(x, 3))
print(f(x, 3))
SCALE = 5
print(f(x, 3))
print(f(x, 4))
print(factor.cache_info().currsize)
