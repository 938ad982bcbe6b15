"""recomp: a threading.local() object's attribute (tls.scale) is read inside the compiled function and changed between calls -- test_misc.py / test_repros.py thread-local configuration."""
import threading
import torch

tls = threading.local()
tls.scale = 2.0


@torch.compile(backend="eager")
def f(x):
    return x * tls.scale


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
tls.scale = 5.0
print(f(x).sum().item())
