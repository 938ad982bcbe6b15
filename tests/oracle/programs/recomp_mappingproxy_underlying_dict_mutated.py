"""recomp: a types.MappingProxyType over a private dict is read in the compiled function; the underlying dict is mutated between calls, which the proxy reflects -- test_dicts.py test_mappingproxy / test_functions.py."""
import types
import torch

_cfg = {"scale": 2.0, "shift": 1.0}
CFG = types.MappingProxyType(_cfg)


@torch.compile(backend="eager")
def f(x):
    return x * CFG["scale"] + CFG["shift"]


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
_cfg["scale"] = 5.0
print(f(x).sum().item())
