"""recomp: a @contextlib.contextmanager defined in a types.ModuleType helper yields the helper's global FACTOR; FACTOR is rebound between calls -- test_contextlib.py TestContextDecorator / test_ctx_manager.py contextmanager yield values."""
import sys
import types
import torch

helper = types.ModuleType("rcm")
exec(
    "import contextlib\n"
    "FACTOR = 2.0\n"
    "@contextlib.contextmanager\n"
    "def scaled():\n"
    "    yield FACTOR\n",
    helper.__dict__,
)
sys.modules["rcm"] = helper
import rcm


@torch.compile(backend="eager")
def f(x):
    with rcm.scaled() as k:
        y = x * k
    return y + 1


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
rcm.FACTOR = 10.0
print(f(x).sum().item())
