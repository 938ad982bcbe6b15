"""recomp: a collections.ChainMap of override and default settings passed in; the user adds an override between calls -- test_collections.py TestChainMap test_basics."""
import collections
import torch

defaults = {"scale": 2.0, "shift": 1.0}


@torch.compile
def apply(x, cfg):
    return x * cfg["scale"] + cfg["shift"]


overrides = {}
cfg = collections.ChainMap(overrides, defaults)
x = torch.ones(2)
print(apply(x, cfg))
print(apply(x, cfg))
overrides["scale"] = 5.0
print(apply(x, cfg))
defaults["shift"] = -1.0
print(apply(x, cfg))
