"""recomp: a weakref.ref to a config object is dereferenced inside the compiled function (ref().scale); the object's attribute changes between calls -- test_weakref.py / test_misc.py test_weakref."""
import weakref
import torch


class Cfg:
    def __init__(self):
        self.scale = 2.0


cfg = Cfg()
ref = weakref.ref(cfg)


@torch.compile(backend="eager")
def f(x):
    c = ref()
    return x * c.scale


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
cfg.scale = 6.0
print(f(x).sum().item())
