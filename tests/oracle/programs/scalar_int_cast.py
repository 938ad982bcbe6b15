"""scalar: int(tensor) -- test_misc.py test_int_of_tensor."""
import torch

@torch.compile
def f(x):
    n = int(x.sum())
    return x + n

f(torch.ones(3))
