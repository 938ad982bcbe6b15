"""recomp: a global collections.Counter of activation votes; the frame applies the most common one; votes are added between calls so the winner changes -- test_dicts.py Counter (dict subclass) / most_common."""
import collections
import torch

VOTES = collections.Counter({"relu": 2, "tanh": 1})


@torch.compile
def f(x):
    name = VOTES.most_common(1)[0][0]
    if name == "relu":
        return x.relu()
    return x.tanh()


x = torch.arange(-2.0, 2.0)
print([round(v, 4) for v in f(x).tolist()])
VOTES["tanh"] += 3
print([round(v, 4) for v in f(x).tolist()])
VOTES.update(["relu"] * 5)
print([round(v, 4) for v in f(x).tolist()])
