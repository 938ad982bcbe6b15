"""misc: a functools.lru_cache helper reading a global; the global changes but eager keeps the cached value -- test_functions.py test_lru_cache_warning."""
import functools
import torch

K = 2


@functools.lru_cache(maxsize=None)
def factor(n):
    return n * K


@torch.compile(backend="eager")
def f(x):
    return x * factor(3)


x = torch.ones(2)
print(f(x).tolist())
K = 5
print(f(x).tolist())
print(factor.cache_info().hits >= 0)
