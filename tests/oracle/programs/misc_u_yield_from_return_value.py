"""misc: an outer generator delegates with `yield from sub(x)` to a sub-generator over a global list of coefficients and then yields a term of its own; sum() of it in the frame; the list changes between calls -- test_generator.py test_yield_from."""
import torch

COEFS = [1.0, 2.0]


def sub(x):
    for c in COEFS:
        yield x * c


def outer(x):
    yield from sub(x)
    yield x + len(COEFS)


@torch.compile
def f(x):
    return sum(outer(x))


x = torch.ones(2)
print(f(x).tolist())
COEFS.append(0.5)
print(f(x).tolist())
COEFS[0] = -3.0
print(f(x).tolist())
