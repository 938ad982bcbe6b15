"""recomp: a fresh lambda per call with a default argument (lambda y, k=k: y + k) -- test_functions.py defaults guards."""
import torch
@torch.compile
def f(x, g):
    return g(x)
for k in (1, 2):
    f(torch.ones(2), lambda y, k=k: y + k)
