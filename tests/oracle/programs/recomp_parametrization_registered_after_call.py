"""recomp: a parametrization is registered on a compiled model's Linear after the first call (the module's class is swapped), then removed -- test_modules.py test_parametrization."""
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P

torch.manual_seed(0)


class Scale(nn.Module):
    def forward(self, w):
        return w * 10.0


model = nn.Sequential(nn.Linear(3, 3), nn.Sigmoid())
cm = torch.compile(model)
x = torch.randn(2, 3)
print(round(cm(x).sum().item(), 4))
P.register_parametrization(model[0], "weight", Scale())
print(round(cm(x).sum().item(), 4))
print(round(cm(x).sum().item(), 4))
P.remove_parametrizations(model[0], "weight", leave_parametrized=False)
print(round(cm(x).sum().item(), 4))
