"""misc: x.data_ptr() compared inside a compiled function -- test_misc.py data_ptr graph break."""
import torch


@torch.compile(backend="eager")
def f(x, y):
    z = x + 1
    if x.data_ptr() == y.data_ptr():
        return z * 2
    return z - 1


a = torch.ones(3)
print(f(a, a))
print(f(a, torch.ones(3)))
