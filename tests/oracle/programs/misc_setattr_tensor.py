"""misc: setting a Python attribute on an input tensor inside the frame -- test_error_messages.py setattr on tensors."""
import torch

@torch.compile
def f(x):
    y = x + 1
    x.tag = "seen"
    return y * 2

t = torch.ones(3)
f(t)
f(t)
assert t.tag == "seen"
