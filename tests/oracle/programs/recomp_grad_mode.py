"""recomp: called under no_grad after grad -- test_recompile_ux.py GLOBAL_STATE changed: grad_mode."""
import torch

@torch.compile
def f(x):
    return x * 2

x = torch.ones(3)
f(x)
with torch.no_grad():
    f(x)
