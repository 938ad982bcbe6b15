"""disable: a disabled call inside a loop -- test_misc.py disabled function in loop."""
import torch

@torch.compiler.disable
def log_value(x):
    return None

@torch.compile
def f(x):
    for i in range(2):
        x = x + 1
        log_value(x)
    return x

f(torch.ones(2))
