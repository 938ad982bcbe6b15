"""recomp: a name the compiled function reads is not a module global but was injected into builtins (builtins.RSCALE); builtins.RSCALE is rebound, then shadowed by a real module global -- test_global.py / test_misc.py builtins lookups."""
import builtins
import torch

builtins.RSCALE = 2.0


@torch.compile(backend="eager")
def f(x):
    return x * RSCALE  # noqa: F821


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
builtins.RSCALE = 4.0
print(f(x).sum().item())
globals()["RSCALE"] = 10.0
print(f(x).sum().item())
del builtins.RSCALE
