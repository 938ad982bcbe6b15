"""recomp: a np.int64 scalar argument with a new value each call -- test_unspec.py test_no_recompilations (numpy ints)."""
import numpy as np
import torch


@torch.compile
def fn(x, y):
    return {"a": x + 1, "b": x * y / 2}


x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64)
for i in range(4):
    out = fn(x, np.int64(i))
    print(out["a"].sum().item(), out["b"].sum().item())
