"""recomp: an object passed in has its __class__ reassigned to a sibling class with a different method and class attribute between calls -- test_class.py / test_descr.py __class__ assignment."""
import torch


class A:
    k = 2.0

    def apply(self, x):
        return x * self.k


class B:
    k = 3.0

    def apply(self, x):
        return x + self.k


obj = A()


@torch.compile(backend="eager")
def f(x, o):
    return o.apply(x).sum()


x = torch.arange(3.0)
print(f(x, obj).item())
print(f(x, obj).item())
obj.__class__ = B
print(f(x, obj).item())
