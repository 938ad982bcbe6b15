"""misc: a generator expression over tensors -- test_misc.py generator expression."""
import torch

@torch.compile
def f(xs):
    return torch.stack(tuple(t * 2 for t in xs)).sum(0)

f([torch.ones(2), torch.ones(2)])
