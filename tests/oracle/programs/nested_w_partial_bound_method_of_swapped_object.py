"""nested: a functools.partial over a bound method of a scaler object is passed to the compiled function, which calls it inside a helper; the object's tensor attribute is edited in place, then rebound, then a partial of another object is passed -- test_functions.py partial of bound method passed in."""
import functools
import torch


class Scaler:
    def __init__(self, w):
        self.w = w

    def apply(self, x, bias):
        return x * self.w + bias


def helper(fn, x):
    return fn(x) * 2


@torch.compile
def f(fn, x):
    return helper(fn, x) + 1


s = Scaler(torch.tensor([1.0, 2.0]))
p = functools.partial(s.apply, bias=0.5)
x = torch.ones(2)
print(f(p, x).tolist())
s.w.add_(1)
print(f(p, x).tolist())
s.w = torch.tensor([0.0, -1.0])
print(f(p, x).tolist())
other = Scaler(torch.tensor([3.0, 3.0]))
print(f(functools.partial(other.apply, bias=0.5), x).tolist())
