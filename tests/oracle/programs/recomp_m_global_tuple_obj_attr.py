"""recomp: a global tuple holds a config object; the object's attribute is changed between calls -- test_tuple.py / test_misc.py nested source guard."""
import torch


class Cfg:
    def __init__(self, k):
        self.k = k


T = (Cfg(2.0), 1.0)


@torch.compile
def f(x):
    return x * T[0].k + T[1]


x = torch.arange(3.0)
print(f(x).tolist())
T[0].k = 5.0
print(f(x).tolist())
