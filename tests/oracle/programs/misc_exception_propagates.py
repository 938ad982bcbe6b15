"""misc: an exception raised out of the compiled frame -- test_exceptions.py test_raise."""
import torch

@torch.compile
def f(x):
    y = x * 2
    if x.shape[0] > 2:
        raise RuntimeError("too big")
    return y

f(torch.ones(2))
try:
    f(torch.ones(3))
except RuntimeError:
    print("raised")
