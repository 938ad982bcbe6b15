"""dyn: automatic dynamic after the second size -- test_recompiles.py test_automatic_dynamic_reduce_recompiles."""
import torch

@torch.compile
def f(x):
    return x * 2 + 1

for n in (2, 3, 4, 5, 6):
    f(torch.ones(n))
