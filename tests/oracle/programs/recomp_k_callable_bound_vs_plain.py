"""recomp: the frame takes f and branches on callable(f) and isinstance(f, types.MethodType); first a bound method, then a plain function, then a functools.partial -- test_guard_serialization.py test_guard_rooted_at_bound_method_under_a_name_self_lacks (TYPE_MATCH)."""
import functools
import types
import torch


class Inputs:
    def __init__(self, k):
        self.k = k


def global_add(self, x):
    return x + self.k


def plain(x):
    return x * 4


@torch.compile
def fn(f, x):
    if isinstance(f, types.MethodType):
        x = x + 1
    return f(x)


x = torch.ones(3)
print(round(fn(types.MethodType(global_add, Inputs(2)), x).sum().item(), 4))
print(round(fn(types.MethodType(global_add, Inputs(5)), x).sum().item(), 4))
print(round(fn(plain, x).sum().item(), 4))
print(round(fn(functools.partial(global_add, Inputs(7)), x).sum().item(), 4))
