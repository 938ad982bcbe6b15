"""scalar: nonzero is a dynamic-output-shape op -- test_error_messages.py test_dynamic_shape_operator."""
import torch

@torch.compile
def f(x):
    idx = torch.nonzero(x > 0)
    return idx.float().sum() + x.sum()

f(torch.tensor([1.0, -1.0, 2.0]))
