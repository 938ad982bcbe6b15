"""misc: a typing.NamedTuple with a property and a method, built and used in the frame -- test_functions.py test_namedtuple_user_methods."""
import typing
import torch

class Box(typing.NamedTuple):
    lo: torch.Tensor
    hi: torch.Tensor

    @property
    def width(self):
        return self.hi - self.lo

    def scale(self, k):
        return Box(self.lo * k, self.hi * k)

@torch.compile
def f(a, b):
    box = Box(a, b).scale(2)
    return box.width.sum(), box

f(torch.zeros(3), torch.ones(3))
