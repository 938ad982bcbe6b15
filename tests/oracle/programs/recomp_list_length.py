"""recomp: a list argument changes length -- test_recompiles.py list length guard."""
import torch

@torch.compile
def f(xs):
    return sum(xs)

f([torch.ones(2), torch.ones(2)])
f([torch.ones(2), torch.ones(2), torch.ones(2)])
