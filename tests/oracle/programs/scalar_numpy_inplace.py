"""scalar: in-place NumPy updates of a tensor's array (a += 1, a[0] = 7) write the tensor, traced -- test_misc.py test_numpy_*."""
import numpy as np
import torch


@torch.compile
def f(x):
    a = x.numpy()
    a += 1
    a[0] = 7
    return torch.as_tensor(np.concatenate([a, a])).sum(), x


print(f(torch.ones(3)))
print(f(torch.zeros(3)))
