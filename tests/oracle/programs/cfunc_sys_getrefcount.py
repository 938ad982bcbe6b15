"""cfunc: sys.getrefcount on a tensor in the frame -- test_error_messages.py unsupported builtin call."""
import sys
import torch

@torch.compile
def f(x):
    y = x * 2
    n = sys.getrefcount(y)
    return y + (n > 0)

f(torch.ones(3))
