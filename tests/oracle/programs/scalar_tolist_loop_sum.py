"""scalar: a Python loop over x.tolist() accumulating into a tensor -- test_misc.py test_tolist loop."""
import torch

@torch.compile
def f(x, w):
    acc = w * 0
    for v in x.tolist():
        acc = acc + w * v
    return acc

f(torch.tensor([1.0, 2.0]), torch.ones(2))
f(torch.tensor([3.0, 4.0]), torch.ones(2))
