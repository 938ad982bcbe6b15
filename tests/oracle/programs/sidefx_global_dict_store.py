"""sidefx: a compiled function stores tensors into a global dict under a string argument key -- test_misc.py global dict mutation."""
import torch

CACHE = {}

@torch.compile
def f(x, key):
    CACHE[key] = x * 2
    return x + len(CACHE)

f(torch.ones(2), "a")
f(torch.ones(2), "b")
f(torch.ones(2), "a")
