"""recomp: a module-level frozenset of layer names is rebound between calls; `name in ENABLED` picks which ops run -- test_sets.py frozenset guards / test_in_guard."""
import torch

ENABLED = frozenset({1, 2})


@torch.compile
def block(x):
    out = x
    for idx in range(4):
        if idx in ENABLED:
            out = out * (idx + 1)
    return out + len(ENABLED)


x = torch.ones(3)
print(block(x))
print(block(x))
ENABLED = frozenset({1, 2, 3})
print(block(x))
ENABLED = frozenset({0, 2})
print(block(x))
ENABLED = frozenset({1, 2})
print(block(x))
