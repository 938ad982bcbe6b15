"""recomp: numel computed as functools.reduce(operator.mul, DIMS, 1) from a global list used in a reshape; the list is edited in place between calls -- test_functions.py test_reduce / test_operator.py."""
import functools
import operator
import torch

DIMS = [2, 3]


@torch.compile
def f(x):
    n = functools.reduce(operator.mul, DIMS, 1)
    return x[:n].reshape(DIMS).sum(0)


x = torch.arange(12.0)
print(f(x).tolist())
DIMS[1] = 2
print(f(x).tolist())
DIMS.insert(0, 3)
print(f(x).tolist())
