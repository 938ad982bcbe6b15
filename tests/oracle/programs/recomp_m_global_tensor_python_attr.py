"""recomp: a Python attribute on a global tensor (W.scale) is read inside the fn and changed between calls -- test_input_attr_tracking.py test_tensor_property_on_global."""
import torch

W = torch.ones(3)
W.scale = 2.0


@torch.compile
def f(x):
    return x * W * W.scale


x = torch.arange(3.0)
print(f(x).tolist())
W.scale = 5.0
print(f(x).tolist())
