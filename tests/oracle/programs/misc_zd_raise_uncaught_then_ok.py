"""misc: the compiled frame raises ValueError for a negative scale (caught by the caller), then is called with a valid scale -- test_exceptions.py raise in top-level frame."""
import torch


@torch.compile(backend="eager")
def f(x, s):
    y = x * 2
    if s < 0:
        raise ValueError("negative scale")
    return y * s


x = torch.ones(2)
for s in [2, -1, 3]:
    try:
        print(f(x, s))
    except ValueError as e:
        print("caught", e)
