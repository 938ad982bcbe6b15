"""misc: functools.partial with a bound keyword that is overridden at call time, plus a partial of a partial."""
import functools
import torch

torch.manual_seed(0)


def affine(x, w=1.0, b=0.0):
    return x * w + b


shift = functools.partial(affine, b=1.0)
shift_scale = functools.partial(shift, w=3.0)


@torch.compile(backend="eager")
def f(x):
    a = shift(x)
    b = shift(x, b=-1.0)
    c = shift_scale(x)
    return a + b + c


print(f(torch.arange(3.0)))
print(f(torch.arange(3.0)))
