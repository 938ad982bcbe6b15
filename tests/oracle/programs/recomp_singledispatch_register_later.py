"""recomp: a functools.singledispatch function called in the compiled function; a new implementation is registered for int after the first calls -- test_functools.py (singledispatch)."""
import functools
import torch


@functools.singledispatch
def coef(v):
    return 1.0


@coef.register(float)
def _(v):
    return v * 2.0


@torch.compile(backend="eager")
def f(x, v):
    return x * coef(v)


x = torch.ones(3)
print(f(x, 3).sum().item())
print(f(x, 3).sum().item())


@coef.register(int)
def _(v):
    return v * 10.0


print(f(x, 3).sum().item())
print(f(x, 1.5).sum().item())
