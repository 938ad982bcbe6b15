"""recomp: a global dict read by a constant key in the frame and iterated by a helper it calls: the helper's read makes every key matter -- test_dicts.py lazy key guarding (soundness)."""
import torch
TABLE = {"a": 2.0, "b": 3.0}
def helper(x):
    for k, v in TABLE.items():
        x = x * v
    return x
@torch.compile
def f(x):
    return helper(x) + TABLE["a"]
x = torch.ones(2)
f(x); TABLE["b"] = 5.0; f(x); TABLE["c"] = 7.0; f(x)
