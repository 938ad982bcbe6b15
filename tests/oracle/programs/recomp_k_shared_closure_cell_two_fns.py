"""recomp: two functions wrapped with functools.wraps share one closure cell holding a tensor scale; a setter rebinds the shared cell between calls -- test_guard_serialization.py test_rebuilt_functions_keep_a_shared_closure_cell_shared."""
import functools
import torch


def global_func(x):
    return x


def make():
    shared = torch.ones(2)

    @functools.wraps(global_func)
    def a(x):
        return x * shared

    @functools.wraps(global_func)
    def b(x):
        return x + shared

    def setter(v):
        nonlocal shared
        shared = v

    return a, b, setter


A, B, SET = make()


@torch.compile
def fn(x):
    return A(x) + B(x)


x = torch.full((2,), 3.0)
print(round(fn(x).sum().item(), 4))
SET(torch.full((2,), 2.0))
print(round(fn(x).sum().item(), 4))
SET(torch.full((3,), 1.0))
print(round(fn(torch.full((3,), 3.0)).sum().item(), 4))
