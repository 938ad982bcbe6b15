"""recomp: two functools.partial arguments over one function, swapped between calls (no recompile), then a partial with a bigger tensor keyword, then a partial over a different lambda, then a plain lambda instead of a partial -- test_functions.py test_partials_recompilation."""
import functools

import torch


def udf_mul(x, y):
    return x * y


@torch.compile(backend="eager", fullgraph=True)
def fn(f0, f1, x):
    return f0(x) * f1(x)


p0 = functools.partial(udf_mul, y=torch.full((2, 2), 2.0))
p1 = functools.partial(udf_mul, y=torch.full((2, 2), 3.0))
x = torch.ones(2, 2)
print(fn(p0, p1, x).sum().item())
print(fn(p1, p0, x).sum().item())
p2 = functools.partial(udf_mul, y=torch.full((3, 3), 0.5))
x3 = torch.ones(3, 3)
print(fn(p2, p2, x3).sum().item())
multiply = lambda x, y: x * y
p3 = functools.partial(multiply, y=torch.full((3, 3), 4.0))
print(fn(p3, p3, x3).sum().item())
lam = lambda x: x + x
print(fn(lam, lam, x3).sum().item())
