"""sidefx: f-string of a tensor is traced in 2.13 -- test_misc.py test_fstring_tensor."""
import torch

@torch.compile
def f(x):
    label = f"{x.shape[0]} items"
    return x * len(label)

f(torch.ones(3))
