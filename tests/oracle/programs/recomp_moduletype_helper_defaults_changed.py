"""recomp: a function defined in a types.ModuleType helper module with a default argument; the default tuple is replaced between calls (helper.fn.__defaults__) -- test_functions.py test_defaults / test_funcattrs.py."""
import sys
import types
import torch

helper = types.ModuleType("rdefs")
exec(
    "def scale(x, k=2.0):\n"
    "    return x * k\n",
    helper.__dict__,
)
sys.modules["rdefs"] = helper
import rdefs


@torch.compile(backend="eager")
def f(x):
    return rdefs.scale(x.sin()) + 1


x = torch.arange(3.0)
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
rdefs.scale.__defaults__ = (5.0,)
print(round(f(x).sum().item(), 4))
