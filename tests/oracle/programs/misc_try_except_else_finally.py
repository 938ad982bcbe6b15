"""misc: try/except/else/finally with a KeyError from a dict lookup in the frame -- test_exceptions.py test_exception_else."""
import torch

@torch.compile
def f(x, table, key):
    try:
        w = table[key]
    except KeyError:
        w = 0.5
    else:
        w = w * 2
    finally:
        x = x + 1
    return x * w

t = {"a": 3.0}
f(torch.ones(2), t, "a")
f(torch.ones(2), t, "b")
