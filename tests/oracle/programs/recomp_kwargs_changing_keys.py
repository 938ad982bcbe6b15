"""recomp: **kwargs whose keys change between calls -- test_functions.py kwargs guards."""
import torch

@torch.compile
def f(x, **kw):
    y = x
    for k, v in kw.items():
        y = y + v
    return y

x = torch.ones(2)
f(x, a=1)
f(x, a=1, b=2)
f(x, b=2, a=1)
f(x, a=5)
