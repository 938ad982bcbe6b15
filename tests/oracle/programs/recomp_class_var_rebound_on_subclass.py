"""recomp: a method reads a class variable through self; the user shadows it on the subclass, then on the instance, then deletes the instance value -- test_class.py attribute lookup order (instance over class over base)."""
import torch


class Base:
    gain = 2.0

    def run(self, x):
        return x * self.gain


class Sub(Base):
    pass


@torch.compile
def f(x, obj):
    return obj.run(x) + 1


s = Sub()
x = torch.ones(2)
print(f(x, s))
Sub.gain = 3.0
print(f(x, s))
s.gain = 4.0
print(f(x, s))
del s.gain
print(f(x, s))
