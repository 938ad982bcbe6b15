"""recomp: an object's gain is first the class attribute, then an instance attribute shadows it, then it is deleted and the class attribute changes -- test_misc.py test_class_attr / instance-vs-class attribute guards."""
import torch


class Layer:
    gain = 1.5

    def __init__(self):
        self.bias = 0.5


@torch.compile
def f(layer, x):
    return x * layer.gain + layer.bias


x = torch.ones(3)
L = Layer()
print(f(L, x).tolist())
L.gain = 4.0
print(f(L, x).tolist())
del L.gain
print(f(L, x).tolist())
Layer.gain = -1.0
print(f(L, x).tolist())
