"""recomp: a Python float argument's is_integer() picks the branch -- test_functions.py test_is_integer."""
import torch

@torch.compile
def f(t, m):
    return 2 * t if m.is_integer() else t

t = torch.tensor([1.0, 2.0])
f(t, 1.0)
f(t, 1.5)
f(t, 2.0)
f(t, 2.5)
