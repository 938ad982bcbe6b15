"""recomp: a dict argument whose key insertion order changes between calls -- test_misc.py dict key order guards."""
import torch


@torch.compile(backend="eager")
def f(d):
    out = 0
    for i, k in enumerate(d):
        out = out + d[k] * (i + 1)
    return out


t = torch.ones(2)
print(f({"a": t, "b": t * 2}))
print(f({"a": t, "b": t * 3}))
print(f({"b": t * 2, "a": t}))
