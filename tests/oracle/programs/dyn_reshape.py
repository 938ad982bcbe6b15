"""dyn: view with a computed size on a dynamic dim -- test_misc.py test_dynamic_view."""
import torch

@torch.compile
def f(x):
    return x.view(x.shape[0] // 2, 2).sum(1)

for n in (4, 6, 8):
    f(torch.ones(n))
