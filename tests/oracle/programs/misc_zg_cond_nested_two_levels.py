"""misc: torch.cond whose true branch itself calls torch.cond on a second predicate tensor."""
import torch

torch.manual_seed(0)


def inner_t(x, y):
    return x + y


def inner_f(x, y):
    return x - y


def outer_t(x, y):
    return torch.cond(y.sum() > 0, inner_t, inner_f, (x, y))


def outer_f(x, y):
    return x * y


@torch.compile(backend="eager")
def f(x, y):
    return torch.cond(x.sum() > 0, outer_t, outer_f, (x, y))


print(f(torch.ones(2), torch.ones(2)))
print(f(torch.ones(2), -torch.ones(2)))
print(f(-torch.ones(2), torch.ones(2)))
