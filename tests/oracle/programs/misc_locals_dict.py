"""misc: locals() read inside the frame to build the result -- test_functions.py / test_error_messages.py locals()."""
import torch

@torch.compile
def f(x, y):
    a = x + 1
    b = y * 2
    env = locals()
    return env["a"] + env["b"]

f(torch.ones(3), torch.ones(3))
