"""recomp: a Python constant attribute set on an input tensor (x.y = 4) is read in the compiled function, then changed on the same tensor, then set on a fresh tensor -- test_input_attr_tracking.py test_const_property_on_tensor."""
import torch


@torch.compile(fullgraph=True)
def f(x):
    return x * x.y


x = torch.ones(2, 2)
x.y = 4
print(f(x).sum().item())
x.y = 5
print(f(x).sum().item())
z = torch.ones(2, 2)
z.y = 4
print(f(z).sum().item())
x.y = 4
print(f(x).sum().item())
