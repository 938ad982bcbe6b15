"""recomp: a global flag changes -- test_recompiles.py test_global_guard."""
import torch

USE_RELU = True

@torch.compile
def f(x):
    if USE_RELU:
        return x.relu()
    return x.tanh()

f(torch.ones(3))
USE_RELU = False
f(torch.ones(3))
