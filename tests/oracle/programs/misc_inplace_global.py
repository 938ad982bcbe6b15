"""misc: in-place update of a global buffer -- test_repros.py global mutation."""
import torch

buf = torch.zeros(3)

@torch.compile
def f(x):
    buf.add_(x)
    return buf * 2

f(torch.ones(3))
f(torch.ones(3))
