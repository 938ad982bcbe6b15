"""recomp: the compiled function reads getattr(x, "scale", 1) from an input tensor; the attribute is absent, then set, then changed, then deleted again -- test_input_attr_tracking.py (attributes on input tensors mutated between calls)."""
import torch


@torch.compile
def f(x):
    s = getattr(x, "scale", 1)
    return x * s + (1 if hasattr(x, "scale") else 0)


x = torch.ones(2)
print(f(x).tolist())
x.scale = 3
print(f(x).tolist())
x.scale = 4
print(f(x).tolist())
del x.scale
print(f(x).tolist())
