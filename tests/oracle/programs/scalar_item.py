"""scalar: Tensor.item() ends the graph -- test_error_messages.py test_item (capture_scalar_outputs off)."""
import torch

@torch.compile
def f(x):
    s = x.sum().item()
    return x * s

f(torch.ones(3))
f(torch.ones(3))
