"""recomp: rank change -- test_recompile_ux.py test_verbose_tensor_check (rank mismatch)."""
import torch

@torch.compile
def f(x):
    return x.sum(-1)

f(torch.ones(3))
f(torch.ones(3, 3))
