"""recomp: a property defined on the base class is read through a subclass instance; the base class's property is replaced by another property between calls -- test_descr.py test_properties (inherited)."""
import torch


class Base:
    def __init__(self):
        self.v = 2.0

    @property
    def scale(self):
        return self.v


class Sub(Base):
    pass


obj = Sub()


@torch.compile(backend="eager")
def f(x, o):
    return x * o.scale


x = torch.arange(3.0)
print(f(x, obj).sum().item())
print(f(x, obj).sum().item())
Base.scale = property(lambda self: self.v + 100)
print(f(x, obj).sum().item())
