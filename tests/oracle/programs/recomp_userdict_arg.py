"""recomp: a collections.UserDict of settings passed in; the frame reads keys with [] and .get() and tests membership; the user changes a value and adds a key -- test_userdict.py UserDictTest test_all."""
import collections
import torch


@torch.compile
def apply(x, cfg):
    y = x * cfg["scale"]
    if "shift" in cfg:
        y = y + cfg["shift"]
    return y * cfg.get("gain", 1.0) + len(cfg)


cfg = collections.UserDict(scale=2.0)
x = torch.ones(3)
print(apply(x, cfg))
print(apply(x, cfg))
cfg["scale"] = 3.0
print(apply(x, cfg))
cfg["shift"] = 1.0
print(apply(x, cfg))
