"""scalar: np.array() of a tensor's array, reshape, .T and mean are traced; the graph reads the input -- test_misc.py test_numpy_*."""
import numpy as np
import torch


@torch.compile
def f(x):
    a = np.array(x.numpy()) * 2
    b = a.reshape(3, 1).T.mean(axis=0)
    return torch.from_numpy(b) + x


print(f(torch.ones(3)))
print(f(torch.zeros(3)))
