"""branch: data-dependent branch one call deep -- test_error_messages.py nested graph break logging."""
import torch

def pick(y):
    if y.max() > 0.5:
        return y.relu()
    return y.neg()

@torch.compile
def f(x):
    a = x + 1
    b = pick(a)
    return b * 2

f(torch.zeros(5))
f(torch.full((5,), -3.0))
