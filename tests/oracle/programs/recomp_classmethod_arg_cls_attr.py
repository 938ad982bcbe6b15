"""recomp: a bound classmethod is passed as an argument; the class attribute it reads is rebound, then a subclass's classmethod is passed -- test_descr.py test_classmethod_bound_arg."""
import torch


class Norm:
    eps = 0.1

    @classmethod
    def apply(cls, x):
        return x / (x.abs().sum() + cls.eps)


class Norm2(Norm):
    eps = 1.0


@torch.compile(backend="eager")
def f(x, fn):
    return fn(x).sum()


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x, Norm.apply).item(), 4))
Norm.eps = 2.0
print(round(f(x, Norm.apply).item(), 4))
print(round(f(x, Norm2.apply).item(), 4))
Norm2.eps = 5.0
print(round(f(x, Norm2.apply).item(), 4))
