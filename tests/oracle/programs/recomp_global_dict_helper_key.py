"""recomp: a global dict the frame reads by one constant key and a helper by another: both keys guarded, each change recompiles -- test_dicts.py lazy key guarding (soundness)."""
import torch
TABLE = {"a": 2.0, "b": 3.0}
def helper(x):
    return x * TABLE["b"]
@torch.compile
def f(x):
    return helper(x) + TABLE["a"]
x = torch.ones(2)
f(x); TABLE["b"] = 5.0; f(x); TABLE["a"] = 1.0; f(x)
