"""recomp: a helper's default argument is a registry object that holds the helper itself (reg.lookup = lookup), a reference cycle like singledispatch's; the registry table changes between calls -- test_functools.py (singledispatch-like registries) / test_functions.py test_defaults."""
import torch


class Registry:
    def __init__(self):
        self.table = {"float": 2.0}


REG = Registry()


def lookup(name, reg=REG):
    return reg.table[name]


REG.lookup = lookup


@torch.compile(backend="eager")
def f(x):
    return x * REG.lookup("float")


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
REG.table["float"] = 5.0
print(f(x).sum().item())
