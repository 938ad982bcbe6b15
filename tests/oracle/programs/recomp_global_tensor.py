"""recomp: a global tensor replaced by one of another shape -- test_recompiles.py global tensor guard."""
import torch

W = torch.ones(3)

@torch.compile
def f(x):
    return x + W

f(torch.ones(3))
W = torch.ones(1)
f(torch.ones(3))
