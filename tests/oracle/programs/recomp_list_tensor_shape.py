"""recomp: a list of tensors argument whose second element changes shape -- test_recompiles.py list of tensors guards / automatic dynamic in containers."""
import torch

@torch.compile
def f(xs):
    out = xs[0]
    for t in xs[1:]:
        out = out + t.sum()
    return out

f([torch.ones(2), torch.ones(3), torch.ones(4)])
f([torch.ones(2), torch.ones(5), torch.ones(4)])
f([torch.ones(2), torch.ones(6), torch.ones(4)])
