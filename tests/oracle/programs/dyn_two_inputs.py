"""dyn: two inputs sharing a size that changes -- test_recompiles.py shared symbol."""
import torch

@torch.compile
def f(a, b):
    return a + b

for n in (2, 3, 4):
    f(torch.ones(n), torch.ones(n))
