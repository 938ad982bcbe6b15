"""branch: the compiled function branches on MASK.any() of a global boolean tensor that is edited in place between calls (set, cleared, set elsewhere) -- test_repros.py data-dependent branch on a global."""
import torch

MASK = torch.zeros(3, dtype=torch.bool)


@torch.compile
def f(x):
    if MASK.any():
        return x.masked_fill(MASK, -1.0).sum()
    return x.sum() * 10


x = torch.arange(3.0)
print(f(x).item())
MASK[1] = True
print(f(x).item())
MASK.zero_()
print(f(x).item())
MASK[2] = True
print(f(x).item())
