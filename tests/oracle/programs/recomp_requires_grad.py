"""recomp: requires_grad flips -- test_recompile_ux.py requires_grad mismatch."""
import torch

@torch.compile
def f(x):
    return x.sin()

f(torch.ones(3))
f(torch.ones(3, requires_grad=True))
