"""recomp: a float argument that is NaN, then finite values, then inf and NaN again (NaN guarded with isnan, the float turns dynamic after the change) -- test_unspec.py test_no_recompiles / nan specialization."""
import torch
@torch.compile
def f(x, s):
    return x + s
x = torch.ones(3)
f(x, float('nan'))
f(x, float('nan'))
f(x, 1.5)
f(x, 2.5)
f(x, float('inf'))
f(x, float('nan'))
