"""recomp: the compiled function reads a module global through globals()['SCALE'] and sys.modules[__name__].SHIFT; both are rebound between calls -- test_global.py test_globals_dict / test_misc.py."""
import sys
import torch

SCALE = 2.0
SHIFT = 1.0


@torch.compile(backend="eager")
def f(x):
    return x * globals()["SCALE"] + sys.modules[__name__].SHIFT


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
SCALE = 3.0
print(f(x).sum().item())
SHIFT = -1.0
print(f(x).sum().item())
