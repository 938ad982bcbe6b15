"""recomp: a config dict attribute on an object holds a float that changes between calls -- dict value guards through attribute."""
import torch


class Cfg:
    def __init__(self):
        self.opts = {"scale": 0.5, "shift": 1}


cfg = Cfg()


@torch.compile(backend="eager")
def f(x):
    return x * cfg.opts["scale"] + cfg.opts["shift"]


print(f(torch.ones(2)))
cfg.opts["scale"] = 0.25
print(f(torch.ones(2)))
cfg.opts["shift"] = 2
print(f(torch.ones(2)))
