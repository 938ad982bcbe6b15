"""recomp: a branch on x.requires_grad compiled under no_grad with a requires_grad input, then called outside no_grad with x.detach() -- test_repros.py test_requires_grad_guards_with_grad_mode1."""
import torch

@torch.compile
def f(x):
    if x.requires_grad:
        return x + 1
    return x + 2

x = torch.ones(2, requires_grad=True)
with torch.no_grad():
    f(x)
f(x.detach())
f(x)
