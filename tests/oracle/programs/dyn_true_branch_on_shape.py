"""dyn: dynamic=True with `if x.shape[0] > 4` in the frame: the shape guard splits sizes into two graphs -- test_dynamic_shapes.py guard on symbolic size comparison."""
import torch

@torch.compile(dynamic=True)
def f(x):
    if x.shape[0] > 4:
        return x[:4] * 2
    return x + 1

f(torch.ones(3))
f(torch.ones(2))
f(torch.ones(8))
f(torch.ones(10))
