"""sidefx: a Python attribute stored on an input tensor inside the frame, read back after the call."""
import torch


@torch.compile(backend="eager")
def f(x):
    x.tag = "seen"
    x.count = getattr(x, "count", 0) + 1
    return x * x.count


x = torch.ones(2)
print(f(x), x.tag, x.count)
print(f(x), x.count)
print(f(x), x.count)
