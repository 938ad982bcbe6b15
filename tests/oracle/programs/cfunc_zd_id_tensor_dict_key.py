"""cfunc: id(x) of an input tensor used as a key into a global cache dict -- builtin id on a tensor."""
import torch

SEEN = {}


@torch.compile(backend="eager")
def f(x):
    k = id(x)
    SEEN[k] = SEEN.get(k, 0) + 1
    return x * SEEN[k]


a = torch.ones(2)
print(f(a))
print(f(a))
