"""dyn: a branch on x.shape[0] once the batch dimension became dynamic -- test_dynamic_shapes.py shape guards."""
import torch

@torch.compile
def f(x):
    if x.shape[0] > 4:
        return x.sum(0)
    return x.mean(0)

for n in (2, 3, 8, 9, 3):
    f(torch.ones(n, 5))
