"""recomp: a lookup table object whose __getitem__ returns self._d.get(k, self.default); the default changes, then the key is added -- test_dicts.py user mapping with a fallback."""
import torch


class Table:
    def __init__(self, default):
        self._d = {}
        self.default = default

    def __getitem__(self, k):
        return self._d.get(k, self.default)


T = Table(1.0)


@torch.compile
def f(x):
    return x * T["lr"] + T["wd"]


x = torch.ones(2)
print(f(x).tolist())
T.default = 0.5
print(f(x).tolist())
T._d["lr"] = 3.0
print(f(x).tolist())
