"""scalar: a NumPy int64 scalar argument takes a new value on every call -- test_unspec.py test_no_recompilations."""
import numpy as np
import torch

@torch.compile
def f(x, y):
    return {"a": x + 1, "b": y / 2}

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64)
for i in range(4):
    f(x, np.int64(i))
