"""recomp: a types.ModuleType helper holds a REGISTRY dict of activation functions; the compiled function looks one up by name and the entry is re-registered with another function between calls -- test_functions.py (global dict of functions) / test_modules.py."""
import sys
import types
import torch

helper = types.ModuleType("rreg")
exec(
    "import torch\n"
    "REGISTRY = {}\n"
    "def register(name):\n"
    "    def deco(fn):\n"
    "        REGISTRY[name] = fn\n"
    "        return fn\n"
    "    return deco\n"
    "@register('act')\n"
    "def act(x):\n"
    "    return torch.relu(x)\n",
    helper.__dict__,
)
sys.modules["rreg"] = helper
import rreg


@torch.compile(backend="eager")
def f(x):
    return rreg.REGISTRY["act"](x) + 1


x = torch.linspace(-1.0, 1.0, 5)
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))


@rreg.register("act")
def act2(x):
    return torch.tanh(x)


print(round(f(x).sum().item(), 4))
