"""recomp: operator.methodcaller calls a method of an argument object; the object's state read by the method changes -- test_operator.py test_methodcaller."""
import operator

import torch


class Poly:
    def __init__(self):
        self.coef = [1.0, 2.0]

    def eval(self, x, shift):
        y = torch.zeros_like(x)
        for c in self.coef:
            y = y * x + c
        return y + shift


def run(x, p, shift):
    mc = operator.methodcaller("eval", x, shift)
    return g(p, mc)


@torch.compile(backend="eager")
def g(p, mc):
    return mc(p).sum()


torch.manual_seed(0)
x = torch.randn(4)
p = Poly()
print(round(run(x, p, 0.0).item(), 4))
p.coef[0] = 3.0
print(round(run(x, p, 0.0).item(), 4))
p.coef.append(-1.0)
print(round(run(x, p, 1.0).item(), 4))
