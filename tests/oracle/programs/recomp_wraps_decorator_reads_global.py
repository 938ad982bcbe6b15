"""recomp: the compiled function calls a helper wrapped by a functools.wraps decorator whose wrapper reads a global scale; the user changes the global -- test_functions.py test_wraps / inlined functions reading globals."""
import functools
import torch

SCALE = 2.0


def scaled(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs) * SCALE
    return wrapper


@scaled
def add_one(x):
    return x + 1


@torch.compile
def fn(x):
    return add_one(x) - add_one.__name__.count("_")


x = torch.ones(3)
print(fn(x).sum().item())
SCALE = 3.0
print(fn(x).sum().item())
print(fn(x).sum().item())
