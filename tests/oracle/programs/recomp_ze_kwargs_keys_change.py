"""recomp: **kwargs whose key set changes between calls (one then two keyword tensors)."""
import torch


@torch.compile(backend="eager")
def f(x, **kw):
    for k, v in kw.items():
        x = x + v if k.startswith("a") else x - v
    return x


t = torch.ones(2)
print(f(t, a=t))
print(f(t, a=t * 2))
print(f(t, a=t, b=t))
print(f(t, b=t))
