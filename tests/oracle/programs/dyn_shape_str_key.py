"""dyn: a dict cache keyed by str(tuple(x.shape)), sizes changing -- test_dynamic_shapes.py str() of a size (a SymInt turned into text breaks once the size is dynamic)."""
import torch

cache = {}


@torch.compile
def f(x):
    key = str(tuple(x.shape))
    if key not in cache:
        cache[key] = x.shape[0] * 10
    return x + cache[key]


for k in (2, 3, 2, 4):
    f(torch.ones(k))
