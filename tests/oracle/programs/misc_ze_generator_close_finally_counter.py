"""misc: a generator with try/finally is abandoned early (close) inside the frame; finally bumps a global."""
import torch

CLOSED = [0]


def gen(x):
    try:
        for i in range(4):
            yield x * i
    finally:
        CLOSED[0] += 1


@torch.compile(backend="eager")
def f(x):
    g = gen(x)
    a = next(g)
    b = next(g)
    g.close()
    return a + b


print(f(torch.ones(2)))
print(f(torch.ones(2)))
print(CLOSED)
