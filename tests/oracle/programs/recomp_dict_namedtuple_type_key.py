"""recomp: `namedtuple in d` tests a function object as a dict key; a dict without it takes the other branch -- test_dicts.py test_dict_namedtuple."""
from collections import namedtuple
import torch


@torch.compile(fullgraph=True)
def fn(d):
    if namedtuple in d:
        return d[3] * 2
    return d[3] * 3


t = torch.ones(3)
print(fn({namedtuple: None, 3: t}).sum().item())
print(fn({namedtuple: 1, 3: t}).sum().item())
print(fn({2: None, 3: t}).sum().item())
print(fn({2: None, 3: t}).sum().item())
