"""recomp: a global dict keyed by types; the frame reads d[list] only: popping and adding other type keys does not recompile, changing d[list] does -- test_dicts.py test_lazy_key_non_const_guarding."""
from collections import OrderedDict, defaultdict, namedtuple
import torch

d = {list: 2, dict: 3, OrderedDict: 5, namedtuple: 7}


@torch.compile
def fn(x):
    return x * d[list]


x = torch.ones(3)
print(fn(x).sum().item())
d.pop(dict)
d[defaultdict] = 10
print(fn(x).sum().item())
d[list] = 6
print(fn(x).sum().item())
print(fn(x).sum().item())
