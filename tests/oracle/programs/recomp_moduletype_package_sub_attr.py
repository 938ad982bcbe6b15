"""recomp: a two-level package built from types.ModuleType (pkg.sub.CFG['scale'] and pkg.sub.OFFSET) read in the compiled function; both change between calls -- test_modules.py / test_global.py (attributes of a submodule)."""
import sys
import types
import torch

pkg = types.ModuleType("rpkg")
sub = types.ModuleType("rpkg.sub")
sub.CFG = {"scale": 2.0}
sub.OFFSET = 1.0
pkg.sub = sub
sys.modules["rpkg"] = pkg
sys.modules["rpkg.sub"] = sub

import rpkg


@torch.compile(backend="eager")
def f(x):
    return x * rpkg.sub.CFG["scale"] + rpkg.sub.OFFSET


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
sub.CFG["scale"] = 3.0
print(f(x).sum().item())
sub.OFFSET = -1.0
print(f(x).sum().item())
