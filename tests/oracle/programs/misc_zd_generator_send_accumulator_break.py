"""misc: a coroutine-style generator driven with send() and a print graph break in the loop -- test_generator.py send."""
import torch


def averager():
    total = None
    n = 0
    while True:
        v = yield (total / n if n else None)
        total = v if total is None else total + v
        n += 1


@torch.compile(backend="eager")
def f(xs):
    g = averager()
    next(g)
    out = None
    for x in xs:
        out = g.send(x)
    print("done")
    return out * 2


xs = [torch.ones(2), torch.ones(2) * 3]
print(f(xs))
print(f(xs))
