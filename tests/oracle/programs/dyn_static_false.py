"""dyn: dynamic=False recompiles every new size -- test_recompiles.py dynamic=False."""
import torch

@torch.compile(dynamic=False)
def f(x):
    return x.cos()

for n in (2, 3, 4):
    f(torch.ones(n))
