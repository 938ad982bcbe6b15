"""recomp: **kwargs called with a different set of keyword names -- test_functions.py **kwargs handling (test_unpack_mutable_map, test_dict_kwargs)."""
import torch

@torch.compile
def f(x, **opts):
    for name in sorted(opts):
        x = x * opts[name] if name.startswith("m") else x + opts[name]
    return x

x = torch.ones(3)
f(x, mul=torch.full((3,), 2.0))
f(x, mul=torch.full((3,), 3.0))
f(x, add=torch.ones(3))
f(x, add=torch.ones(3), mul=torch.ones(3))
