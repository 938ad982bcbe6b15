"""scalar: torch.equal(a, b) used as a Python bool -- test_error_messages.py test_data_dependent_operator2."""
import torch

@torch.compile
def f(x, y):
    x = x * 2
    if torch.equal(x, y):
        return x + 1
    return x - 1

f(torch.ones(3), torch.full((3,), 2.0))
f(torch.ones(3), torch.zeros(3))
