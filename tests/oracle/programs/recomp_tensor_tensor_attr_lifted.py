"""recomp: a tensor stored as an attribute on the input tensor (x.w) is lifted to a graph input; then x.w is replaced by one of another shape, then by an int -- test_input_attr_tracking.py test_tensor_property_on_tensor."""
import torch


@torch.compile
def f(x):
    return x * x.w


x = torch.ones(2, 2)
x.w = torch.full((2, 2), 2.0)
print(f(x).sum().item())
x.w = torch.full((2, 2), 3.0)
print(f(x).sum().item())
x.w = torch.full((2,), 5.0)
print(f(x).sum().item())
x.w = 7
print(f(x).sum().item())
