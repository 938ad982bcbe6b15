"""recomp: a global float that is nan on two calls, then 1.0, then nan again (nan != nan under ==) -- test_unspec.py test_unspec_float_nan / test_guard_manager.py."""
import math
import torch

V = math.nan


@torch.compile(backend="eager")
def f(x):
    return torch.nan_to_num(x * V, nan=-1.0)


x = torch.ones(2)
for v in (math.nan, math.nan, 1.0, math.nan, 1.0):
    V = v
    print(f(x).tolist())
