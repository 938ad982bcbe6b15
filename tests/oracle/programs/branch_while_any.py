"""branch: `while (x > 1).any()` halving loop -- test_repros.py data-dependent while loop."""
import torch

@torch.compile
def f(x):
    x = x.abs() + 1
    while (x > 1).any():
        x = x / 2
    return x

f(torch.tensor([8.0, 3.0]))
