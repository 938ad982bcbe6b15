"""dyn: a tensor that grows by one each call -- test_repros.py growing sequence."""
import torch

@torch.compile
def f(x):
    return torch.cat([x, x[-1:] + 1])

x = torch.zeros(2)
for _ in range(4):
    x = f(x)
