"""recomp: the frame reads its own module's global through sys.modules[__name__].SCALE; the global is rebound between calls -- test_misc.py sys.modules lookups / test_global.py."""
import sys
import torch

SCALE = 2.0


@torch.compile
def f(x):
    mod = sys.modules[__name__]
    return x * mod.SCALE


x = torch.ones(2)
print(f(x).tolist())
SCALE = 3.0
print(f(x).tolist())
setattr(sys.modules[__name__], "SCALE", -1.0)
print(f(x).tolist())
