"""recomp: a match statement with mapping patterns on a config dict ({'kind': 'scale', 'k': k}); the dict is mutated in place between calls -- test_patma.py TestPatma mapping patterns."""
import torch

CFG = {"kind": "scale", "k": 2.0}


@torch.compile(backend="eager")
def f(x):
    match CFG:
        case {"kind": "scale", "k": k}:
            return x * k
        case {"kind": "shift", "k": k}:
            return x + k
        case _:
            return x


x = torch.arange(3.0)
print(f(x).sum().item())
CFG["k"] = 4.0
print(f(x).sum().item())
CFG["kind"] = "shift"
print(f(x).sum().item())
del CFG["k"]
print(f(x).sum().item())
