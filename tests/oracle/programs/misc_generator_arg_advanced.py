"""misc: an already-advanced generator passed into the compiled function -- test_generator.py test_generator_as_argument."""
import torch

def counter():
    yield 1
    yield 2
    yield 3

@torch.compile
def f(t, gen):
    return t + next(gen)

g = counter()
next(g)
f(torch.zeros(2), g)
f(torch.zeros(2), g)
