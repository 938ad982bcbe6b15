"""recomp: x.view(SHAPE) with SHAPE a global tuple rebound (same numel) between calls, result reduced along dim 0 -- test_view.py test_view_with_tuple_shape."""
import torch

SHAPE = (2, 6)


@torch.compile
def f(x):
    return x.view(SHAPE).sum(0)


x = torch.arange(12.0)
print(f(x).tolist())
SHAPE = (3, 4)
print(f(x).tolist())
SHAPE = (-1, 2)
print(f(x).tolist())
