"""recomp: a global helper's __code__ replaced between calls -- test_misc.py code object guards."""
import torch
def helper(y):
    return y + 1
@torch.compile
def f(x):
    return helper(x)
f(torch.ones(2)); helper.__code__ = (lambda y: y * 10).__code__; f(torch.ones(2))
