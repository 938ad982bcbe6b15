"""recomp: the second argument alternates between a tensor and a Python int while sizes grow -- test_recompiles.py test_automatic_dynamic_tensor_scalar_change."""
import torch

@torch.compile
def f(x, y):
    return x * y

f(torch.ones(2), torch.ones(2))
f(torch.ones(3), 3)
f(torch.ones(4), torch.ones(4))
f(torch.ones(5), 4)
f(torch.ones(6), torch.ones(6))
