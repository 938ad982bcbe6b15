"""recomp: a nested helper raises a custom exception carrying a tensor when an int argument passes a global threshold; the frame catches it and uses the carried tensor; the threshold changes between calls -- test_exceptions.py test_raise_custom_exception / exceptions carrying tensors."""
import torch

LIMIT = 2


class Overflow(Exception):
    def __init__(self, value):
        super().__init__("overflow")
        self.value = value


def check(x, n):
    if n > LIMIT:
        raise Overflow(x * n)
    return x + n


@torch.compile
def f(x, n):
    try:
        y = check(x, n)
    except Overflow as e:
        y = e.value - 1
    return y.sum()


x = torch.ones(3)
print(round(f(x, 1).item(), 4))
print(round(f(x, 3).item(), 4))
LIMIT = 5
print(round(f(x, 3).item(), 4))
