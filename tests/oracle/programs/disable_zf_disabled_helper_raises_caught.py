"""disable: a torch.compiler.disable'd helper raises KeyError that the compiled caller catches."""
import torch

torch.manual_seed(0)

TABLE = {"a": 1.0, "b": 2.0}


@torch.compiler.disable
def lookup(key):
    return TABLE[key]


@torch.compile(backend="eager")
def f(x, key):
    y = x + 1
    try:
        w = lookup(key)
    except KeyError:
        w = -1.0
    return y * w


print(f(torch.ones(2), "a"))
print(f(torch.ones(2), "z"))
print(f(torch.ones(2), "b"))
