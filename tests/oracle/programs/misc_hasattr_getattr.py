"""misc: hasattr on an object whose __getattr__ raises AttributeError, under fullgraph -- test_exceptions.py test_attribute_error_from_getattr."""
import torch

class Box:
    def __init__(self):
        self.a = 5

    def __getattr__(self, name):
        if name != "a":
            raise AttributeError("missing " + name)
        return self.__dict__["a"]

box = Box()

@torch.compile(fullgraph=True)
def f(x):
    if hasattr(box, "b"):
        return torch.cos(x)
    return torch.sin(x) * box.a

f(torch.ones(4))
