"""recomp: a missing attribute read raises AttributeError caught in the frame; then the attribute is added -- test_exceptions.py test_atrribute_error."""
import torch

class Holder:
    def __init__(self):
        self.a = 1

h = Holder()

@torch.compile
def f(x):
    try:
        c = 2
        h.b
    except AttributeError:
        c = 3
    return torch.sin(x) * c

x = torch.ones(3)
f(x)
f(x)
h.b = 7
f(x)
