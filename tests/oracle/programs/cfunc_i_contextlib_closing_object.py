"""cfunc: contextlib.closing(obj) around tensor work in the frame; the object's close() records how many times it ran -- test_ctx_manager.py (contextlib context managers other than suppress/nullcontext)."""
import contextlib
import torch


class Resource:
    def __init__(self):
        self.closed = 0
        self.scale = 2.0

    def close(self):
        self.closed += 1


res = Resource()


@torch.compile
def f(x):
    y = x.sin()
    with contextlib.closing(res) as r:
        y = y * r.scale
    return y.cos()


x = torch.ones(3)
for s in (2.0, 2.0, 3.0):
    res.scale = s
    print(round(f(x).sum().item(), 4), res.closed)
