"""recomp: the same tensor passed for two parameters after distinct ones -- test_recompiles.py test_aliasing_guard_failures."""
import torch

@torch.compile
def f(a, b, c):
    a.add_(b)
    return c + 1

x, y, z = torch.zeros(3), torch.ones(3), torch.ones(3)
f(x, y, z)
f(z, y, x)
f(x, y, x)
