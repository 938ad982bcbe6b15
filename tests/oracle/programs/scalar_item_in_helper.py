"""scalar: .item() two calls deep -- test_error_messages.py nested graph break."""
import torch

def scale_of(t):
    return t.abs().max().item()

def normalise(t):
    return t / scale_of(t)

@torch.compile
def f(x):
    y = x * 3
    return normalise(y) + 1

f(torch.arange(1.0, 4.0))
