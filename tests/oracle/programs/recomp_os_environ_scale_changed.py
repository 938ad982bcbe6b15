"""recomp: os.environ.get('RSCALE') read inside the compiled function and turned into a float; the environment variable changes between calls -- test_misc.py test_os_environ_get / test_repros.py."""
import os
import torch

os.environ["RSCALE"] = "2"


@torch.compile(backend="eager")
def f(x):
    return x * float(os.environ.get("RSCALE", "1"))


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
os.environ["RSCALE"] = "3"
print(f(x).sum().item())
del os.environ["RSCALE"]
print(f(x).sum().item())
