"""misc: sorted() over a list of tensors -- test_misc.py sorted tensors (gb0207)."""
import torch

@torch.compile
def f(xs):
    ys = sorted(xs, key=lambda t: t.sum())
    return ys[0] * 2

f([torch.ones(2) * 3, torch.ones(2)])
