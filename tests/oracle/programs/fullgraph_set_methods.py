"""fullgraph: set add/discard/union/membership on ints and strs under fullgraph -- test_sets.py set methods."""
import torch

@torch.compile(fullgraph=True)
def f(x, names):
    s = {1, 2}
    s.add(3)
    s.discard(1)
    u = s | set(names)
    if 3 in u and "w" in u:
        x = x + len(u)
    return x * 2

f(torch.ones(2), ("w", "b"))
f(torch.ones(2), ("w", "b"))
