"""recomp: a NumPy array module attribute, used through NumPy ops inside forward, is mutated in place between calls -- test_unspec.py test_numpy_array_attr / test_misc.py numpy interop."""
import numpy as np
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = np.array([1.0, 2.0, 3.0], dtype=np.float32)

    def forward(self, x):
        w = np.exp(self.table) / np.exp(self.table).sum()
        return x * torch.from_numpy(w)


m = M()
cm = torch.compile(m)
x = torch.ones(3)
print([round(v, 4) for v in cm(x).tolist()])
m.table[0] = 5.0
print([round(v, 4) for v in cm(x).tolist()])
