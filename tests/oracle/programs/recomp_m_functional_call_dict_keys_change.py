"""recomp: torch.func.functional_call with a parameter dict that sometimes overrides only the weight, sometimes weight and bias -- test_higher_order_ops.py test_functional_call / test_modules.py functional_call."""
import torch
import torch.nn as nn

torch.manual_seed(0)
lin = nn.Linear(3, 2)


@torch.compile
def f(params, x):
    return torch.func.functional_call(lin, params, (x,))


x = torch.ones(1, 3)
w = torch.ones(2, 3)
b = torch.full((2,), 10.0)
print(round(f({"weight": w}, x).sum().item(), 3))
print(round(f({"weight": w, "bias": b}, x).sum().item(), 3))
print(round(f({"weight": w * 2}, x).sum().item(), 3))
print(round(f({"bias": b}, x).sum().item(), 3))
