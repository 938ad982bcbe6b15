"""recomp: default dtype changes -- test_recompiles.py global state (default dtype)."""
import torch

@torch.compile
def f(x):
    return x + torch.ones(3)

f(torch.ones(3))
torch.set_default_dtype(torch.float64)
f(torch.ones(3))
torch.set_default_dtype(torch.float32)
