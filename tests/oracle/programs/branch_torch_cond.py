"""branch: torch.cond on a data-dependent predicate instead of a Python if -- test_higher_order_ops.py test_cond_simple."""
import torch

def grow(x):
    return x.sin() + 1

def shrink(x):
    return x.cos() - 1

@torch.compile
def f(x):
    y = x * 2
    return torch.cond(y.sum() > 0, grow, shrink, (y,))

f(torch.ones(3))
f(-torch.ones(3))
f(torch.ones(3))
