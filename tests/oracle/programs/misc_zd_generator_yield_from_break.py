"""misc: a generator delegates with yield from to an inner generator that prints -- test_generator.py yield from with graph break."""
import torch


def inner(x):
    yield x + 1
    print("inner midway")
    yield x + 2


def outer(x):
    yield x * 10
    yield from inner(x)


@torch.compile(backend="eager")
def f(x):
    total = torch.zeros_like(x)
    for v in outer(x):
        total = total + v
    return total


print(f(torch.ones(2)))
print(f(torch.ones(2)))
