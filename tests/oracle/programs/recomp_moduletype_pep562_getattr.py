"""recomp: a types.ModuleType helper with a module-level __getattr__ (PEP 562) serving SCALE from a private dict; the dict entry changes between calls -- test_modules.py / test_misc.py (module __getattr__)."""
import sys
import types
import torch

helper = types.ModuleType("rlazy")
exec(
    "_VALUES = {'SCALE': 2.0}\n"
    "def __getattr__(name):\n"
    "    if name in _VALUES:\n"
    "        return _VALUES[name]\n"
    "    raise AttributeError(name)\n",
    helper.__dict__,
)
sys.modules["rlazy"] = helper
import rlazy


@torch.compile(backend="eager")
def f(x):
    return x * rlazy.SCALE


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
rlazy._VALUES["SCALE"] = 7.0
print(f(x).sum().item())
