"""misc: a generator advanced once outside before the compiled function calls next() on it: Dynamo breaks at next() (Missing tp_iternext) and its callback meets the generator's frame already started, which it skips without trying to compile it -- test_generator.py test_generator_as_argument, started first."""
import torch


def counter():
    k = 1
    while True:
        yield k
        k += 1


@torch.compile(backend="eager")
def f(x, g):
    return x * next(g)


g = counter()
print(next(g))
x = torch.ones(2)
for _ in range(3):
    print(f(x, g).tolist())
