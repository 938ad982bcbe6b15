"""recomp: a @functools.cache helper returns a tensor built for n; the compiled function calls it; the cached tensor is edited in place from outside (eager sees the edit), then cache_clear() is called -- test_functions.py lru_cache wrapped helper."""
import functools
import torch


@functools.cache
def basis(n):
    return torch.linspace(0, 1, n)


@torch.compile
def f(x):
    return x + basis(x.shape[0])


x = torch.zeros(3)
print(f(x).tolist())
basis(3).mul_(10)
print(f(x).tolist())
basis.cache_clear()
print(f(x).tolist())
print(f(torch.zeros(2)).tolist())
