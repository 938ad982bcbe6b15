"""misc: a coroutine-style generator (primed with next, fed with send) keeps a running mean of tensors inside the frame; the number of sends is an int argument -- test_generators.py coroutine send() tests."""
import torch


def averager():
    total = None
    n = 0
    avg = None
    while True:
        v = yield avg
        total = v if total is None else total + v
        n += 1
        avg = total / n


@torch.compile
def f(xs, k):
    g = averager()
    next(g)
    out = None
    for i in range(k):
        out = g.send(xs[i])
    g.close()
    return out


xs = torch.arange(8.0).reshape(4, 2)
print(f(xs, 2))
print(f(xs, 2))
print(f(xs, 3))
