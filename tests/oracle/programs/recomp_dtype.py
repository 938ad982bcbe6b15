"""recomp: a dtype change -- test_recompile_ux.py test_verbose_tensor_check (dtype mismatch)."""
import torch

@torch.compile
def f(x):
    return x * 2

f(torch.ones(3))
f(torch.ones(3, dtype=torch.float64))
f(torch.ones(3, dtype=torch.int32))
