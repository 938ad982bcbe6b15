"""scalar: a float argument through math.sqrt and used to scale; the float changes -- test_unspec.py unspec float."""
import math
import torch


@torch.compile(backend="eager")
def f(x, s):
    return x * math.sqrt(s)


x = torch.ones(3)
print(f(x, 4.0))
print(f(x, 9.0))
print(f(x, 16.0))
