"""sidefx: print() in a compiled function -- test_error_messages.py test_unsupported_builtin (print)."""
import torch

@torch.compile
def f(x):
    y = x + 1
    print("step")
    return y * 2

f(torch.ones(2))
f(torch.ones(2))
