"""misc: del obj.attr on an input object inside the frame, then hasattr decides the result -- _repros_part2.py test_delattr."""
import torch


class Holder:
    def __init__(self, a, b):
        self.a = a
        self.b = b


@torch.compile
def f(x, obj):
    if hasattr(obj, "a"):
        del obj.a
        return x + obj.b
    return x - obj.b


x = torch.zeros([])
h = Holder(x + 1, x + 2)
print(f(x, h))
print(hasattr(h, "a"))
print(f(x, h))
print(f(x, Holder(x, x + 5)))
