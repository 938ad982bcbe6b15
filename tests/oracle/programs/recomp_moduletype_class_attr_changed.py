"""recomp: a class defined inside a types.ModuleType helper; its class attribute (read through an instance passed in) is changed on the class between calls -- test_class.py / test_descr.py class attribute lookups."""
import sys
import types
import torch

helper = types.ModuleType("rcls")
exec(
    "class Cfg:\n"
    "    scale = 2.0\n"
    "    def __init__(self):\n"
    "        self.shift = 1.0\n",
    helper.__dict__,
)
sys.modules["rcls"] = helper
import rcls

cfg = rcls.Cfg()


@torch.compile(backend="eager")
def f(x, c):
    return x * c.scale + c.shift


x = torch.arange(3.0)
print(f(x, cfg).sum().item())
print(f(x, cfg).sum().item())
rcls.Cfg.scale = 4.0
print(f(x, cfg).sum().item())
