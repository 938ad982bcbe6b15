"""recomp: a bound method is passed in; the frame reads an attribute of its underlying function (f.scale_flag) and calls it; the function attribute changes between calls -- test_guard_serialization.py test_guard_rooted_at_fqn_mismatched_bound_method."""
import torch


class Holder:
    def __init__(self, k):
        self.k = k

    def apply(self, x):
        return x * self.k


Holder.apply.scale_flag = 2.0


@torch.compile
def fn(f, x):
    if f.scale_flag == 2.0:
        x = x + 1
    return f(x)


h = Holder(3.0)
x = torch.ones(3)
print(round(fn(h.apply, x).sum().item(), 4))
Holder.apply.scale_flag = 3.0
print(round(fn(h.apply, x).sum().item(), 4))
h.k = 5.0
print(round(fn(h.apply, x).sum().item(), 4))
