"""scalar: a traced NumPy reduction read into Python breaks at the scalar read, its resume recompiles per value -- test_misc.py test_numpy_*."""
import numpy as np
import torch


@torch.compile
def f(x):
    s = float(np.sum(x.numpy()))
    return x * s


f(torch.ones(3))
f(torch.zeros(3))
