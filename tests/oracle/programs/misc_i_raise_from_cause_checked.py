"""misc: a helper raises RuntimeError from a ValueError raised two calls deep; the frame catches RuntimeError and branches on isinstance(e.__cause__, ValueError) -- test_exceptions.py test_raise_from / test_exception_chaining."""
import torch


def deep(x):
    raise ValueError("deep")


def mid(x):
    try:
        deep(x)
    except ValueError as err:
        raise RuntimeError("mid") from err


@torch.compile
def f(x):
    y = x.cos()
    try:
        mid(y)
    except RuntimeError as e:
        if isinstance(e.__cause__, ValueError):
            y = y + 10
        else:
            y = y - 10
    return y


x = torch.ones(3)
for _ in range(2):
    print(round(f(x).sum().item(), 4))
