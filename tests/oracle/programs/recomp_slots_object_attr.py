"""recomp: an object of a __slots__ class passed in; the frame reads its slot attributes and the user assigns a new value to one between calls -- test_descr.py ClassPropertiesAndMethods test_slots."""
import torch


class Cfg:
    __slots__ = ("scale", "bias")

    def __init__(self, scale, bias):
        self.scale = scale
        self.bias = bias


@torch.compile
def f(x, cfg):
    return x * cfg.scale + cfg.bias


cfg = Cfg(2, 0.5)
x = torch.ones(3)
print(f(x, cfg))
print(f(x, cfg))
cfg.scale = 4
print(f(x, cfg))
cfg.bias = -1.0
print(f(x, cfg))
