"""recomp: an inlined class constructor names each instance from a module-global counter (fresh_name bumps _name with STORE_GLOBAL); the frame returns the names, so each call sees another counter -- test_global.py test_store_global_inline_1."""
import torch

_name = 0


def fresh_name():
    global _name
    r = f"v{_name}"
    _name += 1
    return r


class Variable:
    def __init__(self, value, name=None):
        self.value = value
        self.name = name or fresh_name()


@torch.compile
def fn(a, b):
    a = Variable(a)
    b = Variable(b, "fixed")
    return a.value + b.value, a.name + b.name


a = torch.ones(3)
b = torch.full((3,), 2.0)
for _ in range(3):
    v, s = fn(a, b)
    print(round(v.sum().item(), 4), s)
_name = 0
print(fn(a, b)[1])
