"""recomp: a global WeakValueDictionary maps names to tensors; the compiled function reads REG.get("scale"); the only strong reference is dropped (the entry vanishes), then a new tensor is registered and edited in place -- test_misc.py weak references to tensors."""
import gc
import weakref
import torch

REG = weakref.WeakValueDictionary()
keep = torch.tensor([2.0, 3.0])
REG["scale"] = keep


@torch.compile
def f(x):
    s = REG.get("scale")
    if s is None:
        return x - 1
    return x * s


x = torch.ones(2)
print(f(x).tolist())
del keep
gc.collect()
print(len(REG), f(x).tolist())
keep2 = torch.tensor([5.0, 7.0])
REG["scale"] = keep2
print(f(x).tolist())
keep2.neg_()
print(f(x).tolist())
