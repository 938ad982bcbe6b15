"""recomp: getattr(cfg, name) on a types.ModuleType config object, with the attribute name passed as an argument; the user changes an attribute and then the name -- test_functions.py getattr on modules."""
import sys
import types
import torch

cfg = types.ModuleType("g_cfg")
cfg.alpha = 2
cfg.beta = 5
sys.modules["g_cfg"] = cfg


@torch.compile
def fn(x, name):
    return x * getattr(cfg, name) + getattr(cfg, "missing", 1)


x = torch.ones(2)
print(fn(x, "alpha").sum().item())
cfg.alpha = 3
print(fn(x, "alpha").sum().item())
print(fn(x, "beta").sum().item())
cfg.missing = 10
print(fn(x, "beta").sum().item())
