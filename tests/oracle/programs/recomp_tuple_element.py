"""recomp: an int inside a tuple argument changes -- test_recompiles.py tuple element guard."""
import torch

@torch.compile
def f(x, cfg):
    return x * cfg[1]

f(torch.ones(2), (1, 2))
f(torch.ones(2), (1, 5))
