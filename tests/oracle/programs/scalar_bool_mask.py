"""scalar: boolean-mask indexing -- test_repros.py masked index."""
import torch

@torch.compile
def f(x):
    y = x[x > 0]
    return y * 2

f(torch.tensor([1.0, -1.0, 2.0, -3.0]))
