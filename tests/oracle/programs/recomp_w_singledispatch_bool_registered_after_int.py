"""recomp: a functools.singledispatch helper is called with a bool flag; only int is registered at first (bool dispatches to int), then a bool implementation is registered after the first calls -- test_functools.py singledispatch registry changed."""
import functools
import torch


@functools.singledispatch
def act(flag, x):
    return x


@act.register(int)
def _(flag, x):
    return x * (flag + 1)


@torch.compile
def f(x, flag):
    return act(flag, x) + 1


x = torch.arange(3.0)
print(f(x, True).tolist())
print(f(x, True).tolist())


@act.register(bool)
def _(flag, x):
    return -x if flag else x


print(f(x, True).tolist())
print(f(x, False).tolist())
print(f(x, 2).tolist())
