"""recomp: a global NumPy array read inside the compiled fn is mutated in place between calls -- test_unspec.py / test_misc.py test_numpy_global."""
import numpy as np
import torch

TABLE = np.array([1.0, 2.0, 3.0], dtype=np.float32)


@torch.compile
def f(x):
    return x * torch.from_numpy(TABLE)


x = torch.ones(3)
print(f(x).tolist())
TABLE[1] = 10.0
print(f(x).tolist())
TABLE *= 2
print(f(x).tolist())
