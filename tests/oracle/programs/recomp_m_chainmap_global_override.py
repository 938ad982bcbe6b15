"""recomp: a global collections.ChainMap of config layers; an override is put in the front map between calls -- test_collections.py test_chainmap."""
import collections
import torch

DEFAULTS = {"scale": 2.0, "shift": 1.0}
OVERRIDES = {}
CFG = collections.ChainMap(OVERRIDES, DEFAULTS)


@torch.compile(backend="eager")
def f(x):
    return x * CFG["scale"] + CFG["shift"]


x = torch.ones(2)
print(f(x).tolist())
OVERRIDES["scale"] = 5.0
print(f(x).tolist())
DEFAULTS["shift"] = -1.0
print(f(x).tolist())
