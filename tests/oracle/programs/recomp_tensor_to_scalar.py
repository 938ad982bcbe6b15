"""recomp: a 0-d tensor then a Python float for the same argument -- test_recompiles.py test_automatic_dynamic_tensor_scalar_change."""
import torch

@torch.compile
def f(x, y):
    return x * y

x = torch.ones(3)
f(x, torch.tensor(2.0))
f(x, 2.0)
