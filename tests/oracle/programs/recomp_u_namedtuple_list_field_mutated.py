"""recomp: a global namedtuple of hyperparameters whose `widths` field is a list; the tuple is immutable but the list inside is appended to and edited between calls -- test_functions.py test_namedtuple / test_list.py."""
import collections
import torch

HP = collections.namedtuple("HP", ["scale", "widths"])(2.0, [1.0])


@torch.compile
def f(x):
    out = x * HP.scale
    for w in HP.widths:
        out = out + w
    return out


x = torch.zeros(2)
print(f(x).tolist())
HP.widths.append(3.0)
print(f(x).tolist())
HP.widths[0] = -1.0
print(f(x).tolist())
HP = HP._replace(scale=0.5)
print(f(x).tolist())
