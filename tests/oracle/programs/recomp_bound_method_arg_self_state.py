"""recomp: a bound method is passed as an argument; the state of its __self__ changes between calls, then a bound method of a second instance is passed -- test_functions.py test_bound_method_arg_self_mutated."""
import torch


class Scaler:
    def __init__(self, k):
        self.k = k
        self.offset = 0.0

    def __call__(self, x):
        return x * self.k

    def apply(self, x):
        return x * self.k + self.offset


@torch.compile(backend="eager")
def f(x, fn):
    return fn(x).sum()


torch.manual_seed(0)
x = torch.randn(4)
a = Scaler(2.0)
b = Scaler(2.0)
print(round(f(x, a.apply).item(), 4))
a.offset = 1.0
print(round(f(x, a.apply).item(), 4))
print(round(f(x, b.apply).item(), 4))
b.k = 5.0
print(round(f(x, b.apply).item(), 4))
