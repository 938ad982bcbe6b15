"""misc: a generator object stored on an object attribute is advanced with next() inside the compiled function on each call -- test_generator.py test_generator_as_argument / test_generators.py."""
import torch


def factors():
    k = 1.0
    while True:
        yield k
        k = k * 2.0


class Holder:
    def __init__(self):
        self.gen = factors()


h = Holder()


@torch.compile(backend="eager")
def f(x):
    return x * next(h.gen)


x = torch.ones(2)
for _ in range(4):
    print(f(x).sum().item())
