"""recomp: a NumPy array argument, mutated in place between calls (same object, same shape), is mixed into the tensor math -- test_unspec.py test_numpy_array_input / test_misc.py test_numpy_input."""
import numpy as np
import torch


@torch.compile
def f(x, a):
    return x * torch.as_tensor(a)


a = np.array([1.0, 2.0, 3.0], dtype=np.float32)
x = torch.ones(3)
print(f(x, a).tolist())
a[0] = 9.0
print(f(x, a).tolist())
