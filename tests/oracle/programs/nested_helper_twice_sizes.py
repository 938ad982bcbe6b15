"""nested: one helper that breaks (.item() read into Python) called twice in one call with tensors of two sizes: its frame recompiles within the call -- test_functions.py nested graph break in a called function."""
import torch

def scale(t):
    s = t.sum().item()
    return t * s

@torch.compile
def f(a, b):
    return scale(a).sum() + scale(b).sum()

f(torch.ones(2), torch.ones(3))
