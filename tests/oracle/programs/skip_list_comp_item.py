"""skip: .item() inside a list comprehension -- test_misc.py test_listcomp graph break."""
import torch

@torch.compile
def f(x):
    vals = [r.sum().item() for r in x]
    return x * len(vals)

f(torch.ones(3, 2))
