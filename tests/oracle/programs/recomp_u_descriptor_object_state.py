"""recomp: a non-data descriptor class whose __get__ returns obj.base * self.mult; the descriptor object's own mult is changed between calls (through the class __dict__), then the instance's base -- test_functions.py test_user_descriptor / descriptor state."""
import torch


class Scaled:
    def __init__(self, mult):
        self.mult = mult

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return obj.base * self.mult


class Layer:
    gain = Scaled(2.0)

    def __init__(self):
        self.base = 1.5


L = Layer()


@torch.compile
def f(x):
    return x * L.gain


x = torch.ones(2)
print(f(x).tolist())
Layer.__dict__["gain"].mult = 4.0
print(f(x).tolist())
L.base = -1.0
print(f(x).tolist())
