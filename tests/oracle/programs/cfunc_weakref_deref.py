"""cfunc: dereferencing a weakref.ref to a module-level object inside the frame -- test_misc.py test_weakref / test_error_messages.py weakref."""
import weakref
import torch

class Cfg:
    def __init__(self):
        self.scale = 3.0

cfg = Cfg()
ref = weakref.ref(cfg)

@torch.compile
def f(x):
    obj = ref()
    if obj is None:
        return x
    return x * obj.scale

f(torch.ones(3))
f(torch.ones(3))
