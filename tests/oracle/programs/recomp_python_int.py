"""recomp: a Python int argument changes (then dynamic) -- test_recompiles.py test_automatic_dynamic_int."""
import torch

@torch.compile
def f(x, n):
    return x * n

x = torch.ones(3)
f(x, 2)
f(x, 3)
f(x, 4)
