"""recomp: an optional tensor argument that is None on the first call and a tensor later -- test_recompiles.py."""
import torch

@torch.compile
def f(x, mask=None):
    if mask is not None:
        x = x.masked_fill(mask, 0.0)
    return x.softmax(-1)

x = torch.randn(2, 4)
f(x)
f(x, torch.zeros(2, 4, dtype=torch.bool))
f(x, None)
f(x, mask=torch.ones(2, 4, dtype=torch.bool))
