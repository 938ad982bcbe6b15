"""sidefx: a global itertools.count() iterator advanced with next() inside the frame; each call must see the next step number -- test_itertools.py TestBasicOps test_count (cpython 3_13)."""
import itertools
import torch

steps = itertools.count(1)


@torch.compile
def tick(x):
    n = next(steps)
    return x * n


x = torch.ones(2)
print(tick(x))
print(tick(x))
print(tick(x))
assert next(steps) == 4
