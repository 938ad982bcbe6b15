"""misc: torch.cond on a tensor predicate, both branches close over a module-level python float."""
import torch

torch.manual_seed(0)

SCALE = 0.5


def pos(x):
    return x * SCALE


def neg(x):
    return x.abs() + SCALE


@torch.compile(backend="eager")
def f(x):
    return torch.cond(x.mean() > 0, pos, neg, (x,))


print(f(torch.ones(3)))
print(f(-torch.ones(3)))
print(f(torch.tensor([1.0, -3.0, 0.5])))
