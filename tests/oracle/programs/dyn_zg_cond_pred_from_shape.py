"""dyn: torch.cond whose predicate is a python bool from x.shape[0] > 4, called with growing lengths."""
import torch

torch.manual_seed(0)


def big(x):
    return x.sin()


def small(x):
    return x.cos()


@torch.compile(backend="eager")
def f(x):
    return torch.cond(x.shape[0] > 4, big, small, (x,))


for n in (3, 5, 6, 2):
    print(f(torch.ones(n)).sum().item())
