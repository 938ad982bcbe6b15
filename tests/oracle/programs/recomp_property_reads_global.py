"""recomp: a property getter reads a module global; the global is rebound between calls -- test_descr.py test_property_global_read."""
import torch

MULT = 2.0


class Layer:
    def __init__(self, k):
        self.k = k

    @property
    def scale(self):
        return self.k * MULT


layer = Layer(3.0)


@torch.compile(backend="eager")
def f(x):
    return (x * layer.scale).sum()


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x).item(), 4))
MULT = 5.0
print(round(f(x).item(), 4))
layer.k = 1.0
print(round(f(x).item(), 4))
