"""misc: __class__ assignment on a user object inside the frame -- test_error_messages.py __class__ assignment."""
import torch

class Plain:
    def scale(self):
        return 2

class Doubled(Plain):
    def scale(self):
        return 4

@torch.compile
def f(x, obj):
    x = x + 1
    obj.__class__ = Doubled
    return x * obj.scale()

f(torch.ones(3), Plain())
