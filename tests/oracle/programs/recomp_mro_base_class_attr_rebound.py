"""recomp: an instance method reads self.scale found by MRO on the base class; the base class attribute is rebound between calls -- test_misc.py test_class_attr_mro."""
import torch


class Base:
    scale = 2.0
    shift = 1


class Mid(Base):
    pass


class Leaf(Mid):
    def apply(self, x):
        return x * self.scale + self.shift


obj = Leaf()


@torch.compile(backend="eager")
def f(x, o):
    return o.apply(x).sum()


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x, obj).item(), 4))
Base.scale = 3.0
print(round(f(x, obj).item(), 4))
Mid.shift = 5
print(round(f(x, obj).item(), 4))
Base.shift = 7  # shadowed by Mid.shift: no change
print(round(f(x, obj).item(), 4))
