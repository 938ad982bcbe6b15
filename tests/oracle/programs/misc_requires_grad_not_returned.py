"""misc: requires_grad_() on a detached intermediate that is not returned -- test_repros.py requires_grad_ in compiled region."""
import torch

@torch.compile
def f(x):
    y = (x * 2).detach()
    y.requires_grad_()
    z = (y * y).sum()
    return z

z = f(torch.ones(3))
