"""dyn: a changing int argument divided with math.ceil and // -- symbolic int arithmetic after automatic dynamic (test_unspec.py)."""
import math
import torch


@torch.compile(backend="eager")
def f(x, n):
    k = math.ceil(n / 4)
    return x * k + n // 3


x = torch.ones(2)
for n in [5, 9, 13, 20]:
    print(f(x, n))
