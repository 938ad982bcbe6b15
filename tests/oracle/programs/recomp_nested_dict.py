"""recomp: a value inside a nested dict config changes -- test_recompiles.py nested constant guard."""
import torch

@torch.compile
def f(x, cfg):
    return x * cfg["opt"]["lr"]

f(torch.ones(2), {"opt": {"lr": 2}})
f(torch.ones(2), {"opt": {"lr": 3}})
