"""misc: a user Exception subclass carrying a tensor is raised in a helper and caught in the frame -- test_exceptions.py test_user_defined_exception_variable."""
import torch

class Overflow(Exception):
    def __init__(self, value):
        super().__init__("overflow")
        self.value = value

def check(x):
    if x.shape[0] > 2:
        raise Overflow(x[:2])
    return x

@torch.compile
def f(x):
    try:
        return check(x) * 2
    except Overflow as e:
        return e.value - 1

f(torch.ones(2))
f(torch.ones(4))
