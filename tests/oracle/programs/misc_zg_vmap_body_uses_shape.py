"""misc: vmapped body normalises each row by its own length via r.shape[-1] and r.size(0); batch size grows across calls."""
import torch

torch.manual_seed(0)


def per_row(r):
    n = r.shape[-1]
    return r.sum() / n + r.size(0)


@torch.compile(backend="eager")
def f(x):
    return torch.vmap(per_row)(x)


print(f(torch.ones(2, 4)))
print(f(torch.ones(3, 4)))
print(f(torch.ones(5, 4)))
