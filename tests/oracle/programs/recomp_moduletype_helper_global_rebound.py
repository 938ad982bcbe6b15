"""recomp: a helper module built with types.ModuleType and put in sys.modules; its function reads a module global that another module rebinds between calls -- test_global.py test_store_global_2 / test_modules.py (module globals)."""
import sys
import types
import torch

helper = types.ModuleType("rhelper")
exec(
    "import torch\n"
    "SCALE = 2.0\n"
    "def apply(x):\n"
    "    return x * SCALE + 1\n",
    helper.__dict__,
)
sys.modules["rhelper"] = helper

setter = types.ModuleType("rsetter")
exec(
    "import rhelper\n"
    "def set_scale(v):\n"
    "    rhelper.SCALE = v\n",
    setter.__dict__,
)
sys.modules["rsetter"] = setter

import rhelper
import rsetter


@torch.compile(backend="eager")
def f(x):
    return rhelper.apply(x.sin())


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
rsetter.set_scale(3.0)
print(round(f(x).sum().item(), 4))
rsetter.set_scale(-1.0)
print(round(f(x).sum().item(), 4))
