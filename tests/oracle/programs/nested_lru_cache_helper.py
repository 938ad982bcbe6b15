"""nested: a functools.lru_cache-decorated helper called with an int in the frame -- test_misc.py test_lru_cache_warning."""
import functools
import torch

@functools.lru_cache(maxsize=None)
def table(n):
    return [i * 2 for i in range(n)]

@torch.compile
def f(x):
    return x * sum(table(3))

f(torch.ones(2))
f(torch.ones(2))
