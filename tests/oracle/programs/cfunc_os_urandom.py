"""cfunc: os.urandom -- test_error_messages.py skipped builtin module function."""
import os
import torch

@torch.compile
def f(x):
    y = x.cos()
    b = os.urandom(2)
    return y + len(b)

f(torch.ones(3))
