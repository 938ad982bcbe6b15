"""scalar: a new .item() value recompiles the resume function -- test_recompile_ux.py item specialisation."""
import torch

@torch.compile
def f(x):
    y = x.cos()
    s = y.sum().item()
    return y + s

f(torch.zeros(3))
f(torch.ones(3))
f(torch.full((3,), 2.0))
