"""recomp: a global int incremented between calls -- test_recompiles.py global guards."""
import torch
step = 0
@torch.compile
def f(x):
    return x * step
for i in range(4):
    step += 1
    f(torch.ones(3)).sum().item()
