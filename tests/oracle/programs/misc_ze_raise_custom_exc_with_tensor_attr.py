"""misc: a custom exception carrying a tensor is raised and caught inside the frame; the handler uses it."""
import torch


class Stop(Exception):
    def __init__(self, value):
        self.value = value


def step(x, limit):
    if limit < 2:
        raise Stop(x * 10)
    return x + 1


@torch.compile(backend="eager")
def f(x, limit):
    try:
        return step(x, limit)
    except Stop as e:
        return e.value - 1


x = torch.ones(2)
print(f(x, 5))
print(f(x, 1))
print(f(x, 0))
