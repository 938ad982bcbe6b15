"""recomp: the same int passed by keyword then positionally, then the default -- test_misc.py kwargs to a compiled function."""
import torch

@torch.compile
def f(x, scale=1):
    return x * scale + 1

x = torch.ones(3)
f(x, scale=2)
f(x, 2)
f(x)
f(x, scale=1)
