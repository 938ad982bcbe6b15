"""misc: try/except inside the compiled frame -- test_exceptions.py test_exception_caught."""
import torch

@torch.compile
def f(x):
    try:
        y = x + 1
        raise ValueError("x")
    except ValueError:
        y = x - 1
    return y * 2

f(torch.ones(3))
