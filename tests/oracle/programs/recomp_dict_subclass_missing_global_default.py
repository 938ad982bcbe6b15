"""recomp: a dict subclass whose __missing__ returns a module global default; the compiled function looks up a missing key and the global default is rebound between calls -- test_dicts.py test_dict_subclass_missing / test_defaultdict.py."""
import torch

DEFAULT = 2.0


class Table(dict):
    def __missing__(self, key):
        return DEFAULT


T = Table(a=5.0)


@torch.compile(backend="eager")
def f(x):
    return x * T["b"] + T["a"]


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
DEFAULT = 4.0
print(f(x).sum().item())
T["b"] = 1.0
print(f(x).sum().item())
