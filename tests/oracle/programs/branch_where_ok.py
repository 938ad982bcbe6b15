"""branch: branchless torch.where compiles whole -- test_misc.py test_where (control)."""
import torch

@torch.compile
def f(x):
    return torch.where(x.sum() > 0, x.sin(), x.cos())

f(torch.ones(4))
f(-torch.ones(4))
