"""recomp: the frame merges a global DEFAULTS dict with per-call overrides (`{**DEFAULTS, **overrides}`); DEFAULTS is mutated in place and the overrides gain a key -- test_dicts.py test_dict_unpack_merge."""
import torch

DEFAULTS = {"scale": 1.0, "shift": 0.0}


@torch.compile
def f(x, overrides):
    cfg = {**DEFAULTS, **overrides}
    return x * cfg["scale"] + cfg["shift"]


x = torch.arange(3.0)
print(f(x, {}).tolist())
DEFAULTS["shift"] = 2.0
print(f(x, {}).tolist())
print(f(x, {"scale": 3.0}).tolist())
DEFAULTS["scale"] = 10.0
print(f(x, {"scale": 3.0}).tolist())
print(f(x, {}).tolist())
