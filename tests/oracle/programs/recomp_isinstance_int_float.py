"""recomp: isinstance() on an argument that is an int, then a float, then a tensor -- test_misc.py isinstance guards."""
import torch

@torch.compile
def f(x, s):
    if isinstance(s, torch.Tensor):
        return x * s.sum()
    if isinstance(s, float):
        return x - s
    return x + s

x = torch.ones(3)
f(x, 1)
f(x, 2.5)
f(x, torch.ones(2))
f(x, 3)
