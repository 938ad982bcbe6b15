"""misc: detach().requires_grad_() on an intermediate inside the frame -- test_repros.py requires_grad_ in compiled region."""
import torch

@torch.compile
def f(x):
    y = (x * 2).detach()
    y.requires_grad_()
    z = (y * y).sum()
    return z, y

z, y = f(torch.ones(3))
z.backward()
assert y.grad is not None
