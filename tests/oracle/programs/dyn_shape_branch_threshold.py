"""dyn: x.shape[0] in a Python if; after automatic dynamic, a size on the other side of the threshold -- test_dynamic_shapes.py shape guard."""
import torch

@torch.compile
def f(x):
    if x.shape[0] > 3:
        return x.sum()
    return x * 2

for n in (2, 3, 5, 6, 2):
    f(torch.ones(n))
