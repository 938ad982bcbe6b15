"""cfunc: sys.exc_info() inside an except block of the frame -- test_exceptions.py test_sys_exc_info / test_error_messages.py."""
import sys
import torch

@torch.compile
def f(x):
    try:
        raise ValueError("bad")
    except ValueError:
        kind = sys.exc_info()[0]
        if kind is ValueError:
            x = x + 1
    return x * 2

f(torch.ones(3))
f(torch.ones(3))
