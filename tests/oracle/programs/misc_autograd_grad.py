"""misc: torch.autograd.grad in the frame -- test_error_messages.py autograd.grad."""
import torch

@torch.compile
def f(x):
    y = (x * x).sum()
    (g,) = torch.autograd.grad(y, x)
    return g * 2

f(torch.ones(3, requires_grad=True))
