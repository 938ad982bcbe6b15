"""recomp: the compiled fn itself closes over a NumPy array that is mutated in place between calls -- test_unspec.py / test_misc.py numpy free variable."""
import numpy as np
import torch


def build():
    arr = np.array([1.0, 2.0], dtype=np.float32)

    @torch.compile
    def f(x):
        return x + torch.from_numpy(arr) * 2

    return f, arr


f, arr = build()
x = torch.zeros(2)
print(f(x).tolist())
arr[:] = [10.0, 20.0]
print(f(x).tolist())
