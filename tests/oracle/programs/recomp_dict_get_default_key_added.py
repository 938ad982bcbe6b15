"""recomp: d.get("z", 2) on a global dict where "z" is missing; the user adds "z", then changes it -- test_dicts.py lazy key guarding (absent keys)."""
import torch

d = {"a": 3}


@torch.compile
def fn(x):
    return x * d["a"] + d.get("z", 2)


x = torch.ones(2)
print(fn(x).sum().item())
d["z"] = 10
print(fn(x).sum().item())
d["z"] = 20
print(fn(x).sum().item())
del d["z"]
print(fn(x).sum().item())
