"""disable: calling a torch.compiler.disable'd helper -- test_misc.py test_disable_function (gb0098)."""
import torch

@torch.compiler.disable
def side(x):
    return x.numpy().sum()

@torch.compile
def f(x):
    y = x + 1
    s = side(y)
    return y * s

f(torch.ones(3))
