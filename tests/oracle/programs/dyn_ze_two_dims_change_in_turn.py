"""dyn: dim 0 changes first, then dim 1 -- automatic dynamic marks each in turn."""
import torch


@torch.compile(backend="eager")
def f(x):
    return (x * 2).sum(1)


for shape in [(2, 3), (4, 3), (5, 3), (5, 6), (2, 7)]:
    print(f(torch.ones(shape)).shape)
