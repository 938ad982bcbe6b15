"""recomp: a global float changes once (becoming an automatic-dynamic float), then a later value flips a Python branch on it -- test_unspec.py test_unspec_float_global_branch."""
import torch

SCALE = 1.0


@torch.compile(backend="eager")
def f(x):
    if SCALE > 1.5:
        return (x * SCALE).sum()
    return (x - SCALE).sum()


torch.manual_seed(0)
x = torch.randn(4)
for v in (1.0, 2.0, 3.0, 0.5, 1.25, 4.0):
    SCALE = v
    print(round(f(x).item(), 4))
