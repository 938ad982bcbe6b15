"""recomp: dict key views of an argument combined with set operators (d.keys() & {...}, d.keys() - other.keys()) decide which tensors are summed; the user adds and removes keys -- test_dict.py DictTest test_keys / dictview set operations."""
import torch


@torch.compile
def f(d, ref):
    common = sorted(d.keys() & ref.keys())
    extra = d.keys() - ref.keys()
    out = sum(d[k] for k in common)
    return out * (len(extra) + 1)


d = {"a": torch.ones(2), "b": torch.full((2,), 2.0)}
ref = {"a": 0, "c": 0}
print(f(d, ref))
print(f(d, ref))
ref["b"] = 0
print(f(d, ref))
del d["b"]
print(f(d, ref))
