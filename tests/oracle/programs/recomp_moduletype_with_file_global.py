"""recomp: a types.ModuleType helper given a __file__ next to the program; the compiled function reads its global SCALE, rebound between calls (compare recomp_moduletype_helper_global_rebound, which has no __file__) -- test_global.py / test_modules.py."""
import os
import sys
import types
import torch

helper = types.ModuleType("rfilemod")
helper.__file__ = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rfilemod.py")
exec(
    "SCALE = 2.0\n"
    "def apply(x):\n"
    "    return x * SCALE\n",
    helper.__dict__,
)
sys.modules["rfilemod"] = helper
import rfilemod


@torch.compile(backend="eager")
def f(x):
    return rfilemod.apply(x) + rfilemod.SCALE


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
rfilemod.SCALE = 3.0
print(f(x).sum().item())
