"""recomp: a global weakref.proxy to a config object; the target's attribute changes between calls -- test_weakref.py test_weakref_proxy_attr."""
import weakref

import torch


class Cfg:
    def __init__(self):
        self.alpha = 0.5


_cfg = Cfg()
P = weakref.proxy(_cfg)


@torch.compile(backend="eager")
def f(x):
    return (x * P.alpha).sum()


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x).item(), 4))
_cfg.alpha = 2.0
print(round(f(x).item(), 4))
_cfg.alpha = -1.0
print(round(f(x).item(), 4))
