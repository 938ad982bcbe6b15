"""recomp: a global weakref to a config object is dereferenced inside the fn; the object's attribute changes between calls -- test_misc.py test_weakref_deref."""
import weakref
import torch


class Cfg:
    def __init__(self):
        self.k = 2.0


cfg = Cfg()
REF = weakref.ref(cfg)


@torch.compile
def f(x):
    return x * REF().k


x = torch.arange(3.0)
print(f(x).tolist())
cfg.k = 5.0
print(f(x).tolist())
