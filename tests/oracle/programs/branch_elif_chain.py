"""branch: if/elif chain on tensor comparisons -- test_repros.py test_guard_on_tensor_compare."""
import torch

@torch.compile
def f(x):
    m = x.mean()
    if m > 1:
        return x - 1
    elif m < -1:
        return x + 1
    return x

f(torch.full((3,), 2.0))
f(torch.full((3,), -2.0))
f(torch.zeros(3))
