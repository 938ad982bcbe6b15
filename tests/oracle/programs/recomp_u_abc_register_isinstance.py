"""recomp: isinstance(obj, Scalable) where Scalable is an abc.ABC; a plain class is registered as a virtual subclass between calls -- test_functions.py test_isinstance_abc / abc.ABCMeta.register."""
import abc
import torch


class Scalable(abc.ABC):
    pass


class Plain:
    factor = 3.0


@torch.compile
def f(obj, x):
    if isinstance(obj, Scalable):
        return x * obj.factor
    return x + 1


x = torch.ones(3)
p = Plain()
print(f(p, x).tolist())
Scalable.register(Plain)
print(f(p, x).tolist())
print(f(Plain(), x).tolist())
