"""recomp: a stdlib module's attribute (math.tau) is read inside the compiled function and replaced between calls (a library module's data, not the program's) -- test_global.py / test_math.py."""
import math
import torch


@torch.compile(backend="eager")
def f(x):
    return x * math.tau


x = torch.ones(2)
orig = math.tau
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
math.tau = 1.0
print(round(f(x).sum().item(), 4))
math.tau = orig
