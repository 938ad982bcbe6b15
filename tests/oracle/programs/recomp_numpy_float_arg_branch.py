"""recomp: a np.float64 argument compared in a Python branch (y > 1.0), then values on both sides -- test_unspec.py test_specializing_numpy_float_in_control_flow."""
import numpy as np
import torch


@torch.compile
def fn(x, y):
    if y > 1.0:
        return x + 1
    return x - 1


x = torch.zeros(4)
for v in (1.23, 1.5, 0.5, 2.0):
    print(fn(x, np.float64(v)).sum().item())
