"""recomp: a class passed in is tested with issubclass against a base and a tuple of bases to pick the op; each new class recompiles -- test_class.py / test_descr.py issubclass checks."""
import torch


class Base:
    pass


class Doubler(Base):
    k = 2


class Tripler(Doubler):
    k = 3


class Other:
    k = 5


@torch.compile
def f(x, cls):
    if issubclass(cls, Tripler):
        return x * cls.k + 1
    if issubclass(cls, (Base, int)):
        return x * cls.k
    return x - cls.k


x = torch.ones(2)
print(f(x, Doubler))
print(f(x, Doubler))
print(f(x, Tripler))
print(f(x, Other))
