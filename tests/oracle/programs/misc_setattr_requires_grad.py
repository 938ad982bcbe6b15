"""misc: x.requires_grad = True assigned on an input inside the frame -- test_repros.py test_setattr_requires_grad_graph_breaks."""
import torch

@torch.compile
def f(x):
    z = x + 4
    x.requires_grad = True
    y = x * z
    return y

for _ in range(2):
    f(torch.zeros(5)).sum().backward()
