"""nested: map() with a lambda whose body calls .item() -- test_functions.py test_map / builtin with user callable breaking."""
import torch

@torch.compile
def f(xs):
    vals = list(map(lambda t: t.sum().item(), xs))
    return torch.tensor(vals) * 2

f([torch.ones(2), torch.ones(3)])
