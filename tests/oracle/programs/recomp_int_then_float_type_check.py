"""recomp: type(s) is int / isinstance(s, float) picks the branch; s goes 2, 3, 2.5, 3.5 -- test_functions.py test_number_method (int and float arguments)."""
import torch

@torch.compile
def f(x, s):
    if type(s) is int:
        return x + s
    if isinstance(s, float):
        return x * s
    return x

x = torch.ones(3)
for s in (2, 3, 2.5, 3.5):
    f(x, s)
