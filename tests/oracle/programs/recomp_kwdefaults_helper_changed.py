"""recomp: an inlined helper with a keyword-only default; the user replaces its __kwdefaults__ between calls -- test_functions.py DefaultsTests (kw-only defaults)."""
import torch


def helper(x, *, shift=1.0, times=2):
    for _ in range(times):
        x = x + shift
    return x


@torch.compile
def fn(x):
    return helper(x) * 2


x = torch.zeros(2)
print(fn(x).sum().item())
helper.__kwdefaults__ = {"shift": 1.0, "times": 3}
print(fn(x).sum().item())
helper.__kwdefaults__["shift"] = 5.0
print(fn(x).sum().item())
print(fn(x).sum().item())
