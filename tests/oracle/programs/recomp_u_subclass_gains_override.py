"""recomp: a method reads self.scale that an instance of Sub finds on Base; later Sub gets its own scale (MRO shadowing), then it is deleted again -- test_misc.py test_class_attr_mutation / test_functions.py class attribute lookups through the MRO."""
import torch

torch.manual_seed(0)


class Base:
    scale = 2.0

    def apply(self, x):
        return x * self.scale


class Sub(Base):
    pass


@torch.compile
def f(obj, x):
    return obj.apply(x) + 1


x = torch.arange(3.0)
o = Sub()
print(f(o, x).tolist())
Sub.scale = 5.0
print(f(o, x).tolist())
del Sub.scale
print(f(o, x).tolist())
Base.scale = 3.0
print(f(o, x).tolist())
