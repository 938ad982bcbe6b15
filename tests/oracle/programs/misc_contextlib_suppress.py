"""misc: contextlib.suppress(IndexError) around a list access in the frame -- test_ctx_manager.py contextlib.suppress / test_exceptions.py."""
import contextlib
import torch

@torch.compile
def f(x, extras):
    y = x + 1
    with contextlib.suppress(IndexError):
        y = y + extras[1]
    return y

f(torch.ones(2), [torch.ones(2), torch.ones(2)])
f(torch.ones(2), [torch.ones(2)])
