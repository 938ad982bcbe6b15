"""dyn: x.size() compared with a literal tuple under dynamic=True -- test_repros.py test_negative_shape_guard."""
import torch

@torch.compile(dynamic=True)
def f(x):
    if x.size() != (5, 1, 2, 3):
        return x.cos()
    return x.sin()

f(torch.ones(5, 1, 3, 4))
f(torch.ones(5, 1, 2, 3))
f(torch.ones(6, 1, 3, 4))
