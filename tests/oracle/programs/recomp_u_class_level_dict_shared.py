"""recomp: a mutable dict defined on the class is shared by all instances (the class-attribute trap); one instance writes to it between calls on another -- test_misc.py class attribute dict mutated."""
import torch


class Head:
    table = {"gain": 1.0}

    def __init__(self, bias):
        self.bias = bias

    def __call__(self, x):
        return x * self.table["gain"] + self.bias


a = Head(0.0)
b = Head(1.0)


@torch.compile
def f(x):
    return b(x)


x = torch.ones(2)
print(f(x).tolist())
a.table["gain"] = 5.0
print(f(x).tolist())
a.table = {"gain": -1.0}
print(f(x).tolist())
