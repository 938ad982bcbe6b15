"""recomp: the compiled function assigns x.y = y from its argument and multiplies; y is first an int, then a tensor, then a float -- test_input_attr_tracking.py test_guards_correctly_property_assigned_on_tensor_type_change."""
import torch


@torch.compile(fullgraph=True)
def f(x, y):
    x.y = y
    return x * x.y


x = torch.ones(2, 2)
print(f(x, 4).sum().item())
print(f(x, torch.full((2, 2), 3.0)).sum().item())
print(f(x, 2.5).sum().item())
print(f(x, 4).sum().item(), x.y)
