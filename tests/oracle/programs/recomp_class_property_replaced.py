"""recomp: a property on a plain class is replaced on the class by another property between calls (Cfg.scale = property(...)); the instance is passed in -- test_descr.py test_properties / test_functions.py."""
import torch


class Cfg:
    def __init__(self):
        self.base = 2.0

    @property
    def scale(self):
        return self.base


cfg = Cfg()


@torch.compile(backend="eager")
def f(x, c):
    return x * c.scale


x = torch.arange(3.0)
print(f(x, cfg).sum().item())
print(f(x, cfg).sum().item())
Cfg.scale = property(lambda self: self.base * 10)
print(f(x, cfg).sum().item())
