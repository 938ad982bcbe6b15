"""misc: a generator returns a value that the frame reads from StopIteration.value after exhausting it by hand; the return value comes from an int argument -- test_generator_stop.py / test_generators.py generator return values."""
import torch


def gen(x, n):
    for i in range(n):
        yield x * i
    return n * 10


@torch.compile
def f(x, n):
    g = gen(x, n)
    acc = x
    while True:
        try:
            acc = acc + next(g)
        except StopIteration as e:
            return acc + e.value


x = torch.ones(2)
print(f(x, 2))
print(f(x, 2))
print(f(x, 3))
