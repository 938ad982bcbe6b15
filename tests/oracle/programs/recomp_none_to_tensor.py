"""recomp: None then a tensor for an optional argument -- test_recompile_ux.py test_mismatched_type."""
import torch

@torch.compile
def f(x, bias=None):
    if bias is not None:
        x = x + bias
    return x * 2

f(torch.ones(3))
f(torch.ones(3), torch.ones(3))
