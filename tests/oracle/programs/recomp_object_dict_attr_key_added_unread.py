"""recomp: a config object's dict attribute read by a constant key and tested for another; a key the code never reads is added (no recompile), then the tested one (a recompile) -- test_dicts.py test_lazy_key_guarding on an attribute."""
import torch


class Config:
    def __init__(self):
        self.table = {"scale": 2.0}


@torch.compile
def apply(x, cfg):
    y = x * cfg.table["scale"]
    if "shift" in cfg.table:
        y = y + 1
    return y


cfg = Config()
x = torch.ones(3)
print(apply(x, cfg))
cfg.table["note"] = "unused"
print(apply(x, cfg))
cfg.table["shift"] = 1.0
print(apply(x, cfg))
print(apply(x, cfg))
