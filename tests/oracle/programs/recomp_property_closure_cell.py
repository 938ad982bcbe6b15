"""recomp: a property whose getter is a closure reads a cell that a setter function rebinds between calls -- test_sources.py test_property_closure."""
import torch


def make_property():
    enabled = 7

    def getter(self):
        return enabled

    def setter(v):
        nonlocal enabled
        enabled = v

    return property(getter), setter


prop, set_enabled = make_property()


class Elements:
    flag = prop


@torch.compile
def pick(elements, x):
    if not elements.flag:
        return x + 1
    return x * elements.flag


e = Elements()
x = torch.ones(2)
print(pick(e, x))
set_enabled(0)
print(pick(e, x))
set_enabled(3)
print(pick(e, x))
