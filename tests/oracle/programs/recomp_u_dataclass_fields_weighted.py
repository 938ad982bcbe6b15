"""recomp: a mutable dataclass of loss weights; the frame sums getattr(w, f.name) * term over dataclasses.fields(w); a field is set between calls -- test_misc.py test_dataclass_fields."""
import dataclasses
import torch


@dataclasses.dataclass
class LossW:
    l1: float = 1.0
    l2: float = 0.0


@torch.compile
def loss(pred, tgt, w):
    terms = {"l1": (pred - tgt).abs().mean(), "l2": (pred - tgt).pow(2).mean()}
    total = 0.0
    for fld in dataclasses.fields(w):
        c = getattr(w, fld.name)
        if c:
            total = total + c * terms[fld.name]
    return total


p = torch.tensor([1.0, 2.0, 4.0])
t = torch.zeros(3)
w = LossW()
print(round(float(loss(p, t, w)), 4))
w.l2 = 0.5
print(round(float(loss(p, t, w)), 4))
w.l1 = 0.0
print(round(float(loss(p, t, w)), 4))
