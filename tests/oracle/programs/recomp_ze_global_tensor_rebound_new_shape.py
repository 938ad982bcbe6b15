"""recomp: a global tensor read by the frame is rebound to one of another shape, twice."""
import torch

BIAS = torch.ones(3)


@torch.compile(backend="eager")
def f(x):
    return x.sum() + BIAS.sum() * BIAS.shape[0]


x = torch.ones(2)
print(f(x))
BIAS = torch.ones(4)
print(f(x))
BIAS = torch.ones(5)
print(f(x))
