"""recomp: operator.attrgetter with a dotted path is applied to an argument object whose nested attribute changes, then the getter is swapped -- test_operator.py test_attrgetter."""
import operator

import torch


class Inner:
    def __init__(self):
        self.k = 2.0
        self.j = -1.0


class Outer:
    def __init__(self):
        self.inner = Inner()


@torch.compile(backend="eager")
def f(x, o, get):
    return (x * get(o)).sum()


torch.manual_seed(0)
x = torch.randn(4)
o = Outer()
g = operator.attrgetter("inner.k")
print(round(f(x, o, g).item(), 4))
o.inner.k = 5.0
print(round(f(x, o, g).item(), 4))
print(round(f(x, o, operator.attrgetter("inner.j")).item(), 4))
