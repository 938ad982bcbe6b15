"""misc: torch.rand inside the frame (traced) -- test_misc.py test_rand."""
import torch
torch.manual_seed(0)

@torch.compile
def f(x):
    return x + torch.rand(3)

f(torch.ones(3))
