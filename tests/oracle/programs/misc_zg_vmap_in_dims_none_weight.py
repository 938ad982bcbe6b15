"""misc: torch.func.vmap with in_dims=(0, None) mapping a per-row dot with a shared weight and a python float bias."""
import torch

torch.manual_seed(0)


def row_score(row, w, bias):
    return (row * w).sum() + bias


@torch.compile(backend="eager")
def f(x, w):
    return torch.func.vmap(row_score, in_dims=(0, None, None))(x, w, 0.5)


w = torch.arange(3.0)
print(f(torch.ones(4, 3), w))
print(f(torch.ones(4, 3) * 2, w))
