# Objects called through their class's __call__ (a transform passed in, a
# global loss object) and a partial of a bound method: what their code reads
# off self is guarded like any object's state, so a changed attribute is a
# miss and a new entry, never a hit of a graph with the old value baked in.
# (Checked against torch 2.13's Dynamo: 3 entries, the same first reason.)
# expect-entries: 3
# expect-hits: 1
# expect-unsound: 0
# expect-reason: 0/0: op.b == 0.0
import functools

import torch


class Affine:
    def __init__(self, a, b):
        self.a, self.b = a, b

    def __call__(self, x):
        return x * self.a + self.b


class Mixer:
    def __init__(self):
        self.w = 0.5

    def mix(self, x, bias):
        return x * self.w + bias


mixer = Mixer()


@torch.compile(backend="eager")
def f(x, op, fn):
    return (op(x) + fn(x)).sum()


torch.manual_seed(0)
x = torch.randn(4)
op = Affine(2.0, 0.0)
fn = functools.partial(mixer.mix, bias=1.0)
print(round(f(x, op, fn).item(), 4))
print(round(f(x, op, fn).item(), 4))
op.b = 1.0
print(round(f(x, op, fn).item(), 4))
mixer.w = -1.0
print(round(f(x, op, fn).item(), 4))
