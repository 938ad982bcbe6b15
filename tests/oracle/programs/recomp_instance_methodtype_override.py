"""recomp: an instance attribute set to types.MethodType(fn, obj) shadows the class method the compiled function calls; it is set, replaced and deleted between calls -- test_functions.py bound methods / test_descr.py."""
import types
import torch


class Scaler:
    def __init__(self):
        self.k = 2.0

    def apply(self, x):
        return x * self.k


def add_k(self, x):
    return x + self.k


def sub_k(self, x):
    return x - self.k


s = Scaler()


@torch.compile(backend="eager")
def f(x):
    return s.apply(x).sum()


x = torch.arange(3.0)
print(f(x).item())
s.apply = types.MethodType(add_k, s)
print(f(x).item())
s.apply = types.MethodType(sub_k, s)
print(f(x).item())
del s.apply
print(f(x).item())
