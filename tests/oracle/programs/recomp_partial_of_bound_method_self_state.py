"""recomp: a functools.partial of a bound method is passed as an argument; the bound instance's attribute changes between calls -- test_functools.py test_partial_bound_method."""
import functools

import torch


class Mixer:
    def __init__(self):
        self.w = 0.25

    def mix(self, x, y, bias=0.0):
        return x * self.w + y * (1 - self.w) + bias


m = Mixer()


@torch.compile(backend="eager")
def f(x, y, fn):
    return fn(x, y).sum()


torch.manual_seed(0)
x, y = torch.randn(4), torch.randn(4)
p = functools.partial(m.mix, bias=1.0)
print(round(f(x, y, p).item(), 4))
m.w = 0.75
print(round(f(x, y, p).item(), 4))
p.keywords["bias"] = -1.0
print(round(f(x, y, p).item(), 4))
