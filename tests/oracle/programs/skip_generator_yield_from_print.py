"""skip: a generator delegates with `yield from` to a sub-generator that prints between its yields; the frame sums what it yields -- test_generators.py yield from delegation (PEP 380) with a graph break."""
import torch


def inner(x):
    yield x + 1
    print("inner step")
    yield x + 2


def outer(x):
    yield x
    yield from inner(x)


@torch.compile
def f(x):
    total = torch.zeros_like(x)
    for v in outer(x):
        total = total + v.sin()
    return total


x = torch.ones(2)
print(f(x))
print(f(x + 1))
