"""cfunc: iterating a set of tensors passed in (Dynamo cannot trace sets of tensors, gb0222) -- test_sets.py TestSetGuards.test_set_with_tensors."""
import torch

@torch.compile
def f(x, s):
    y = x * 2
    z = torch.zeros(1)
    for t in s:
        z = z + t
    return y + z

s = {torch.ones(1), torch.zeros(1), torch.tensor([2.0])}
f(torch.ones(1), s)
f(torch.ones(1), s)
