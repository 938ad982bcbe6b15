"""scalar: printing a traced NumPy array breaks at print (gb0059); the NumPy code after it is traced -- test_misc.py test_numpy_*."""
import numpy as np
import torch


@torch.compile
def f(x):
    a = x.numpy()
    print(a)
    return torch.tensor(a.max()) + x


print(f(torch.ones(3)))
print(f(torch.zeros(3)))
