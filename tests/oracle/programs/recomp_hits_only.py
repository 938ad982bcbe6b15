"""recomp: the same inputs every call, no recompile -- test_recompile_ux.py test_drop_cache_on_skip (control)."""
import torch

@torch.compile
def f(x):
    return x.exp()

for _ in range(4):
    f(torch.ones(3))
