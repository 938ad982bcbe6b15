"""scalar: float(tensor) on a 0-d tensor -- test_misc.py test_float_of_tensor."""
import torch

@torch.compile
def f(x):
    m = float(x.mean())
    return x - m

f(torch.arange(3.0))
