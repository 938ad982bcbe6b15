"""recomp: a helper with keyword-only defaults whose __kwdefaults__ is replaced by an OrderedDict, then one of its values is swapped for another object -- test_guard_serialization.py test_a_container_subclass_stays_verbatim."""
import collections
import torch


class Inputs:
    def __init__(self, x):
        self.x = x


def helper(t, *, a=Inputs(1), b=Inputs(3)):
    return t * b.x + a.x


@torch.compile
def fn(t):
    return helper(t)


t = torch.ones(3)
print(round(fn(t).sum().item(), 4))
helper.__kwdefaults__ = collections.OrderedDict(helper.__kwdefaults__)
print(round(fn(t).sum().item(), 4))
helper.__kwdefaults__["b"] = Inputs(10)
print(round(fn(t).sum().item(), 4))
