"""dyn: the second dimension changes -- test_recompiles.py automatic dynamic on dim 1."""
import torch

@torch.compile
def f(x):
    return x.softmax(-1)

f(torch.ones(2, 4))
f(torch.ones(2, 8))
f(torch.ones(2, 16))
