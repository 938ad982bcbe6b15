"""fullgraph: a clean function with fullgraph=True -- test_misc.py fullgraph success (control)."""
import torch

@torch.compile(fullgraph=True)
def f(x, y):
    return (x @ y).relu().sum(0)

f(torch.ones(2, 3), torch.ones(3, 2))
f(torch.ones(2, 3), torch.ones(3, 2))
