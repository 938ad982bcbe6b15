"""recomp: a global scale that is 2, then 2.0 (equal, different type); the fn branches on its type -- test_unspec.py test_unspec_float_int_equal."""
import torch

S = 2


@torch.compile(backend="eager")
def f(x):
    if isinstance(S, float):
        return x * S + 100
    return x * S


x = torch.ones(2)
for s in (2, 2, 2.0, 2):
    S = s
    print(f(x).tolist())
