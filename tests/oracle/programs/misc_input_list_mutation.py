"""misc: the frame appends to and pops from a list argument (side effects replayed on the caller's list) -- test_list.py list mutation of inputs / test_misc.py side effects."""
import torch

@torch.compile
def f(cache, x):
    cache.append(x * 2)
    if len(cache) > 2:
        cache.pop(0)
    return sum(cache)

cache = []
for i in range(4):
    f(cache, torch.ones(2) * i)
