# More Python values a frame reads, each guarded: a __slots__ attribute,
# what a weakref gives, a plain value set on a function, the closure cell
# of a function the frame calls, and CPU autocast's dtype. Every change
# below is a miss and computes the new value (Dynamo 2.13 agrees on each:
# tests/oracle recomp_slots_object_attr, recomp_weakref_arg_dies,
# recomp_function_dict_attr, recomp_func_grad_python_scalar_freevar,
# recomp_autocast_outer_dtype_change). --verify finds nothing.
# expect-entries: 7
# expect-unsound: 0
import weakref

import torch


class Cfg:
    __slots__ = ("scale", "__weakref__")

    def __init__(self, scale):
        self.scale = scale


def make(k):
    def bias(x):
        return x + k

    def set_k(value):
        nonlocal k
        k = value
    return bias, set_k


def helper(x):
    return x * helper.gain


helper.gain = 2.0
add_k, set_k = make(1.0)


@torch.compile
def f(x, cfg, ref):
    obj = ref()
    y = helper(x) * cfg.scale + (obj.scale if obj is not None else 0)
    return add_k(torch.mm(y, y.t()))


x = torch.ones(2, 2)
keep = Cfg(7)
c = Cfg(2)
print(f(x, c, weakref.ref(keep)).float().sum().item())
c.scale = 3
print(f(x, c, weakref.ref(keep)).float().sum().item())
dead = Cfg(9)
r = weakref.ref(dead)
del dead
print(f(x, c, r).float().sum().item())
helper.gain = 4.0
print(f(x, c, r).float().sum().item())
set_k(5.0)
print(f(x, c, r).float().sum().item())
with torch.autocast("cpu", dtype=torch.bfloat16):
    print(f(x, c, r).float().sum().item())
with torch.autocast("cpu", dtype=torch.float16):
    print(f(x, c, r).float().sum().item())
