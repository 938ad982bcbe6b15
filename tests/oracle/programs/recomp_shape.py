"""recomp: a new batch size -- test_recompile_ux.py test_dynamic_input (automatic dynamic after one change)."""
import torch

@torch.compile
def f(x):
    return x.relu() + 1

f(torch.ones(4, 3))
f(torch.ones(4, 3))
f(torch.ones(6, 3))
f(torch.ones(8, 3))
