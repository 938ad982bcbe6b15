"""recomp: a Python scalar arg that is a float twice (automatic dynamic) and then an int of equal value."""
import torch


@torch.compile(backend="eager")
def f(x, s):
    return x * s + 1


torch.manual_seed(0)
x = torch.randn(4)
print(f(x, 1.5))
print(f(x, 2.5))
print(f(x, 3.5))
print(f(x, 3))
print(f(x, 4))
