"""scalar: Tensor.tolist() -- test_misc.py test_tolist."""
import torch

@torch.compile
def f(x):
    vals = x.tolist()
    return x * len(vals)

f(torch.arange(4.0))
