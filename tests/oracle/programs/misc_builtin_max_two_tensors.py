"""misc: builtin max()/min() with two tensors and with a tensor and a float -- test_functions.py test_min_max."""
import torch

@torch.compile
def f(a, b):
    hi = max(a, b)
    lo = min(a.sum(), 0.5)
    return hi * lo

f(torch.tensor([1.0]), torch.tensor([2.0]))
f(torch.tensor([3.0]), torch.tensor([-1.0]))
