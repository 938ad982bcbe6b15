"""scalar: NumPy functions on a tensor's array are traced -- test_misc.py test_numpy_ops."""
import numpy as np
import torch

@torch.compile
def f(x):
    a = np.sin(x.numpy()) + np.ones(3)
    return torch.as_tensor(a).sum()

f(torch.arange(3.0))
