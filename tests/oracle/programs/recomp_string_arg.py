"""recomp: a string argument changes -- test_recompiles.py constant string guard."""
import torch

@torch.compile
def f(x, mode):
    if mode == "sum":
        return x.sum()
    return x.mean()

f(torch.ones(3), "sum")
f(torch.ones(3), "mean")
