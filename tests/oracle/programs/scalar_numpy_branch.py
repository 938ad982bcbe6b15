"""scalar: a branch on a traced NumPy value breaks there, each way its own resume -- test_misc.py test_numpy_*."""
import numpy as np
import torch


@torch.compile
def f(x):
    a = np.abs(x.numpy()) - 1
    if a.max() > 0:
        return torch.from_numpy(a) * 2
    return torch.from_numpy(a) - x


f(torch.ones(3))
f(torch.full((3,), 3.0))
f(torch.zeros(3))
