"""branch: data-dependent `if tensor.sum() > 0` -- test_error_messages.py test_data_dependent_branching."""
import torch
torch.manual_seed(0)

@torch.compile
def f(x):
    y = x * 2
    if y.sum() > 0:
        return y.sin()
    return y.cos()

f(torch.ones(4))
f(-torch.ones(4))
f(torch.ones(4))
