"""sidefx: appending to a global list (side effect replayed, no break) -- test_misc.py test_side_effects_list_append."""
import torch

seen = []

@torch.compile
def f(x):
    y = x + 1
    seen.append(1)
    return y

f(torch.ones(2))
f(torch.ones(2))
