"""recomp: a global helper's __defaults__ changed between calls -- test_functions.py defaults guards."""
import torch
def helper(y, k=1):
    return y + k
@torch.compile
def f(x):
    return helper(x)
f(torch.ones(2)); helper.__defaults__ = (7,); f(torch.ones(2))
