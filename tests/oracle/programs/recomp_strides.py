"""recomp: a transposed (non-contiguous) input -- test_recompile_ux.py stride mismatch."""
import torch

@torch.compile
def f(x):
    return x + 1

f(torch.ones(3, 4))
f(torch.ones(4, 3).t())
