"""recomp: a global int counter changes -- test_recompiles.py global constant guard."""
import torch

STEP = 0

@torch.compile
def f(x):
    return x + STEP

for s in range(3):
    STEP = s
    f(torch.ones(2))
