"""recomp: an object's float attribute changes between calls and is cast with int() to pick how many rows to keep -- test_unspec.py test_unspec_float_int_cast."""
import torch


class Cfg:
    def __init__(self):
        self.ratio = 1.5


cfg = Cfg()


@torch.compile(backend="eager")
def f(x):
    k = int(cfg.ratio)
    return (x[:k] * cfg.ratio).sum()


torch.manual_seed(0)
x = torch.randn(6, 2)
for v in (1.5, 1.75, 2.5, 3.25, 1.1):
    cfg.ratio = v
    print(round(f(x).item(), 4))
