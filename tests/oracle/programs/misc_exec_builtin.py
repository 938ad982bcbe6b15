"""misc: exec() of a code string inside the frame (a builtin Dynamo has no handler for) -- test_error_messages.py unsupported builtin."""
import torch

@torch.compile
def f(x):
    x = x + 1
    ns = {}
    exec("k = 3", ns)
    return x * ns["k"]

f(torch.ones(3))
