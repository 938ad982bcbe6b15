"""misc: a fresh generator passed in on each call and consumed by list() inside the compiled function: Dynamo cannot iterate a generator from outside (missing tp_iter) and breaks at list(); the generator's frame starts under its callback, which gives up on it once -- test_generator.py generators made outside the frame."""
import torch


def scales(n):
    for i in range(n):
        yield 0.5 * (i + 1)


@torch.compile(backend="eager")
def f(x, g):
    vals = list(g)
    return x * len(vals) + vals[0]


x = torch.ones(3)
for n in (2, 3, 3):
    print(f(x, scales(n)).tolist())
