"""misc: the frame throws an exception into a generator with .throw(); the generator catches it and yields a fallback tensor; the exception type is picked from a table by a str argument -- test_generators.py test_throw / ExceptionTest."""
import torch


def worker(x):
    while True:
        try:
            x = yield x * 2
        except ValueError:
            x = yield x - 100


EXC = {"value": ValueError, "key": KeyError}


@torch.compile
def f(x, kind):
    exc = EXC[kind]
    g = worker(x)
    a = next(g)
    try:
        b = g.throw(exc)
    except KeyError:
        b = a * 0
    return a + b


x = torch.ones(2)
print(f(x, "value"))
print(f(x, "value"))
print(f(x, "key"))
