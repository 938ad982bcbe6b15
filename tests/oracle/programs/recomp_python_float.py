"""recomp: a Python float argument changes -- test_recompiles.py float specialisation (specialize_float default)."""
import torch

@torch.compile
def f(x, scale):
    return x * scale

x = torch.ones(3)
f(x, 0.5)
f(x, 1.5)
f(x, 2.5)
