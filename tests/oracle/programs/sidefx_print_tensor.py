"""sidefx: printing a tensor -- test_misc.py print of tensor value."""
import torch

@torch.compile
def f(x):
    y = x.exp()
    print(y)
    return y.sum()

f(torch.zeros(2))
