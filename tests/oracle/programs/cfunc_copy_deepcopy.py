"""cfunc: copy.deepcopy of a tensor -- test_repros.py deepcopy in compiled code."""
import copy
import torch

@torch.compile
def f(x):
    y = copy.deepcopy(x)
    return y + x

f(torch.ones(3))
