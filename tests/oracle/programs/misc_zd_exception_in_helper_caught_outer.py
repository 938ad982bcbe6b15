"""misc: a helper raises a custom exception carrying an int; the compiled caller catches it and uses the attribute -- test_exceptions.py raise in nested fn."""
import torch


class Overflow(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


def check(x, limit):
    if x.shape[0] > limit:
        raise Overflow(x.shape[0] - limit)
    return x


@torch.compile(backend="eager")
def f(x, limit):
    try:
        return check(x, limit) * 2
    except Overflow as e:
        return x[:limit] + e.code


print(f(torch.ones(4), 6))
print(f(torch.ones(4), 2))
print(f(torch.ones(4), 2))
