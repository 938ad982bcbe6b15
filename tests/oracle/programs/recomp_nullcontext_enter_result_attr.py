"""recomp: contextlib.nullcontext(enter_result) with the enter result read from obj.cfg.scale, changed between calls -- test_contextlib.py TestNullcontext test_nullcontext."""
import contextlib
import torch


class Cfg:
    def __init__(self):
        self.scale = 2.0


class Holder:
    def __init__(self):
        self.cfg = Cfg()


h = Holder()


@torch.compile(backend="eager")
def f(x):
    with contextlib.nullcontext(h.cfg.scale) as s:
        return x * s


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
h.cfg.scale = 5.0
print(f(x).sum().item())
h.cfg = Cfg()
print(f(x).sum().item())
