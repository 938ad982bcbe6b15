"""recomp: a loop over keys catching KeyError from a global dict, then a key is added to that dict -- test_exceptions.py test_block_stack_cleanup."""
import torch

params = {"a": 3, "b": 4, "c": 5}
dt = {"c": 5}

@torch.compile
def f(x):
    for name in params:
        try:
            x = x * dt[name]
        except KeyError:
            x = x * torch.sin(x)
    return x

x = torch.ones(3)
f(x)
f(x)
dt["a"] = 2
f(x)
