"""recomp: a global list of floats appended between calls; the frame loops over it -- list length guard."""
import torch

WEIGHTS = [0.5]


@torch.compile(backend="eager")
def f(x):
    for w in WEIGHTS:
        x = x * w
    return x


print(f(torch.ones(2)))
WEIGHTS.append(2.0)
print(f(torch.ones(2)))
WEIGHTS[0] = 0.25
print(f(torch.ones(2)))
