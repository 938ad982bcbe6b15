"""recomp: *args grows from one to two tensors, then a keyword-only int changes -- test_functions.py *args / keyword-only calls (test_indirect3, DefaultsTests kw-only defaults)."""
import torch

@torch.compile
def f(x, *rest, scale=1):
    for r in rest:
        x = x + r
    return x * scale

x = torch.ones(3)
f(x, x)
f(x, x, x)
f(x, x, x, scale=2)
f(x, x, scale=2)
