"""misc: a zip iterator built outside and passed into the frame -- test_error_messages.py test_super_call_method (zip input)."""
import torch

@torch.compile
def f(x, pairs):
    out = x
    for a, b in pairs:
        out = out + a * b
    return out

f(torch.ones(2), zip([1, 2], [3, 4]))
f(torch.ones(2), zip([1, 2], [3, 4]))
