"""nested: a compiled function calls another compiled function (inner torch.compile is inlined) -- test_misc.py test_nested_optimize."""
import torch

@torch.compile
def g(x):
    return x.sin() * 2

@torch.compile
def f(x):
    return g(x + 1).cos()

f(torch.ones(3))
g(torch.ones(3))
f(torch.ones(3))
