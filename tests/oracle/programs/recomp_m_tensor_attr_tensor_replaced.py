"""recomp: a tensor argument carries a tensor attribute (x.mask) that is replaced between calls, once with another shape -- test_input_attr_tracking.py test_tensor_property_assigned_on_tensor."""
import torch


@torch.compile
def f(x):
    return (x * x.mask).sum(-1)


x = torch.arange(6.0).reshape(2, 3)
x.mask = torch.tensor([1.0, 0.0, 1.0])
print(f(x).tolist())
x.mask = torch.tensor([0.0, 2.0, 0.0])
print(f(x).tolist())
x.mask = torch.tensor([[1.0], [3.0]])
print(f(x).tolist())
