"""recomp: the compiled function reads a closure cell holding a config dict; a sibling function rebinds the cell (nonlocal) to a new dict with the same keys, then mutates it -- test_functions.py closures / test_misc.py nonlocal."""
import torch


def make():
    cfg = {"scale": 2.0}

    @torch.compile(backend="eager")
    def f(x):
        return x * cfg["scale"]

    def reset(v):
        nonlocal cfg
        cfg = {"scale": v}

    def bump():
        cfg["scale"] += 1.0

    return f, reset, bump


f, reset, bump = make()
x = torch.arange(3.0)
print(f(x).sum().item())
reset(2.0)
print(f(x).sum().item())
reset(4.0)
print(f(x).sum().item())
bump()
print(f(x).sum().item())
