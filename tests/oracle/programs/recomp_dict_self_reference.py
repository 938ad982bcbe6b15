"""recomp: a global config dict that contains itself (CFG['self'] = CFG) is read through the cycle (CFG['self']['self']['scale']); the scale entry changes between calls -- test_dicts.py (recursive containers) / test_guard_manager.py."""
import torch

CFG = {"scale": 2.0}
CFG["self"] = CFG


@torch.compile(backend="eager")
def f(x):
    return x * CFG["self"]["self"]["scale"]


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
CFG["scale"] = 3.0
print(f(x).sum().item())
