"""recomp: `for n in NAMES: out = out + W[n] * x` where W is a global dict of floats indexed by names taken from a global list; a value under a listed name changes, then the list changes -- test_dicts.py / test_list.py keys from another container."""
import torch

NAMES = ["a", "b"]
W = {"a": 1.0, "b": 2.0, "c": 10.0}


@torch.compile
def f(x):
    out = torch.zeros_like(x)
    for n in NAMES:
        out = out + W[n] * x
    return out


x = torch.ones(2)
print(f(x).tolist())
W["b"] = 3.0
print(f(x).tolist())
NAMES[1] = "c"
print(f(x).tolist())
W["c"] = 0.5
print(f(x).tolist())
