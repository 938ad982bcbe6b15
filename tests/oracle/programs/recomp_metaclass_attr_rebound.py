"""recomp: a class reads an attribute defined on its metaclass (Cls.gain found through type(Cls)); the metaclass attribute is rebound -- test_descr.py test_metaclass_attr."""
import torch


class Meta(type):
    gain = 2.0


class Op(metaclass=Meta):
    bias = 0.5


@torch.compile(backend="eager")
def f(x):
    return (x * Op.gain + Op.bias).sum()


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x).item(), 4))
Meta.gain = 3.0
print(round(f(x).item(), 4))
Op.gain = 10.0  # now found on the class itself, shadowing the metaclass
print(round(f(x).item(), 4))
