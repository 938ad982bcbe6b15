"""misc: isinstance checks on arguments -- test_functions.py test_isinstance."""
import torch

@torch.compile
def f(x, y):
    if isinstance(y, torch.Tensor):
        return x + y
    return x * y

f(torch.ones(2), torch.ones(2))
f(torch.ones(2), 3)
