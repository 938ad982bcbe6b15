"""dyn: dynamic=True starts dynamic, no recompile -- test_misc.py dynamic=True."""
import torch

@torch.compile(dynamic=True)
def f(x):
    return x.sin() * 2

for n in (2, 3, 4):
    f(torch.ones(n))
