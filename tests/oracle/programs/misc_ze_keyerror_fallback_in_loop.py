"""misc: dict lookup inside try/except KeyError with a fallback default, looped over keys."""
import torch

TABLE = {"a": 1.0, "b": 2.0}


@torch.compile(backend="eager")
def f(x, keys):
    out = x
    for k in keys:
        try:
            s = TABLE[k]
        except KeyError:
            s = -1.0
        out = out * s
    return out


x = torch.ones(2)
print(f(x, ["a", "c"]))
print(f(x, ["a", "c"]))
print(f(x, ["b", "b"]))
