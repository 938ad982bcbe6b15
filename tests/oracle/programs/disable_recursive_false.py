"""disable: disable(recursive=False) skips only the frame itself -- test_misc.py test_disable_recursive_false."""
import torch

def inner(x):
    return x.sin()

@torch.compiler.disable(recursive=False)
def outer(x):
    return inner(x) + 1

@torch.compile
def f(x):
    return outer(x * 2)

f(torch.ones(3))
