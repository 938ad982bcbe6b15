"""recomp: a helper's default argument is a user object whose attribute scales the result; the object's attribute is changed between calls, then the default tuple is replaced -- test_guard_serialization.py test_a_length_guarded_tuple_is_pruned_per_value."""
import torch


class Inputs:
    def __init__(self, x, unused):
        self.x = x
        self.unused = unused


def helper(t, a=Inputs(1, 2), b=Inputs(3, 4)):
    return t * b.x


@torch.compile
def fn(t):
    return helper(t) + 1


t = torch.ones(3)
print(round(fn(t).sum().item(), 4))
helper.__defaults__[0].x = 100
print(round(fn(t).sum().item(), 4))
helper.__defaults__[1].x = 5
print(round(fn(t).sum().item(), 4))
helper.__defaults__ = (Inputs(0, 0), Inputs(7, 0))
print(round(fn(t).sum().item(), 4))
