"""recomp: a dict argument gets another key -- test_recompiles.py dict keys guard."""
import torch

@torch.compile
def f(d):
    return d["a"] * 2

f({"a": torch.ones(2)})
f({"a": torch.ones(2), "b": torch.ones(2)})
