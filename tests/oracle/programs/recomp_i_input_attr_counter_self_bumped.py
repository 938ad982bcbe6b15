"""recomp: the frame reads getattr(x, "count", 0) from its input tensor and stores count + 1 back on it, so every call on the same tensor sees a new Python int attribute -- test_input_attr_tracking.py test_const_property_assigned_on_tensor (attribute written back on the input)."""
import torch


@torch.compile
def fn(x):
    c = getattr(x, "count", 0)
    x.count = c + 1
    return x * (c + 1)


x = torch.ones(3)
for _ in range(3):
    print(round(fn(x).sum().item(), 4), x.count)
y = torch.ones(3)
print(round(fn(y).sum().item(), 4), y.count)
