"""recomp: the __code__ of a global helper function is replaced between calls (same function object) -- test_functions.py test_func_code_replaced / test_guard_manager.py function code guard."""
import torch


def helper(x):
    return x + 1


def other(x):
    return x * 10


@torch.compile
def f(x):
    return helper(x) * 2


x = torch.arange(3.0)
print(f(x).tolist())
helper.__code__ = other.__code__
print(f(x).tolist())
