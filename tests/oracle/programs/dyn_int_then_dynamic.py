"""dyn: an int argument becomes dynamic after it changes -- test_recompiles.py automatic dynamic int."""
import torch

@torch.compile
def f(x, n):
    return x.repeat(n)

x = torch.ones(2)
for n in (1, 2, 3, 4):
    f(x, n)
