"""misc: sorted() over Python ints is traced (control) -- test_functions.py test_sorted."""
import torch

@torch.compile
def f(x, dims):
    return x.sum(sorted(dims))

f(torch.ones(2, 3, 4), [2, 0])
