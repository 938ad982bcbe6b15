"""misc: torch.unique has a data-dependent output shape: graph break by default -- test_misc.py dynamic output shape ops."""
import torch


@torch.compile(backend="eager")
def f(x):
    x = x * 2
    u = torch.unique(x)
    return u.sum() + x.sum()


print(f(torch.tensor([1.0, 2.0, 2.0, 3.0])))
print(f(torch.tensor([1.0, 1.0, 5.0, 3.0])))
