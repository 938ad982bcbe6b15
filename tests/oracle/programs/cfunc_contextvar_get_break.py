"""cfunc: a contextvars.ContextVar read with get() inside the compiled function (as transformers' output capturing reads its flags), then set between calls -- test_misc.py contextvars (Unsupported method call, gb0156)."""
import contextvars

import torch

scale = contextvars.ContextVar("scale", default=2)


@torch.compile
def f(x):
    x = x + 1
    v = scale.get()
    return x * v


x = torch.ones(2)
print(f(x).sum().item())
print(f(x).sum().item())
scale.set(3)
print(f(x).sum().item())
