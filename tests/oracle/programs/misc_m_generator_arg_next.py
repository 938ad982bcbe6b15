"""misc: a Python generator object passed in; the compiled fn calls next() on it, so each call sees a different value -- test_generator.py test_generator_as_argument."""
import torch


def gen():
    k = 1
    while True:
        yield k
        k += 1


@torch.compile(backend="eager")
def f(x, g):
    return x * next(g)


g = gen()
x = torch.ones(2)
for _ in range(3):
    print(f(x, g).tolist())
