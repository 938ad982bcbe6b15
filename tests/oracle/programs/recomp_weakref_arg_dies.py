"""recomp: a weakref.ref to a config object is passed in and dereferenced in the frame; the referent is deleted between calls so the ref returns None -- test_misc.py test_weakref / test_weakref_reconstruct."""
import gc
import weakref
import torch


class Cfg:
    def __init__(self, s):
        self.s = s


@torch.compile
def f(x, ref):
    obj = ref()
    if obj is None:
        return x - 1
    return x * obj.s


x = torch.ones(2)
c = Cfg(3.0)
r = weakref.ref(c)
print(f(x, r))
print(f(x, r))
del c
gc.collect()
print(f(x, r))
c2 = Cfg(4.0)
print(f(x, weakref.ref(c2)))
