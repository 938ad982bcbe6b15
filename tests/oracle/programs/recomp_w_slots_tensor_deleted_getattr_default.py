"""recomp: a __slots__ object holds an optional tensor slot read with getattr(obj, "bias", None); the slot is deleted, set again to a new tensor, and edited in place between calls -- test_misc.py slots with getattr default."""
import torch


class Holder:
    __slots__ = ("scale", "bias")

    def __init__(self):
        self.scale = torch.tensor(2.0)
        self.bias = torch.tensor([1.0, 1.0])


H = Holder()


@torch.compile
def f(x):
    b = getattr(H, "bias", None)
    y = x * H.scale
    if b is not None:
        y = y + b
    return y


x = torch.arange(2.0)
print(f(x).tolist())
del H.bias
print(f(x).tolist())
H.bias = torch.tensor([5.0, 6.0])
print(f(x).tolist())
H.bias.neg_()
H.scale.fill_(3.0)
print(f(x).tolist())
