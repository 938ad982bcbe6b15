"""recomp: module.apply(fn) where fn replaces each Linear's bias with None and its weight with a new half-scaled Parameter, between compiled calls -- test_modules.py module.apply after compile."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 3), nn.GELU(), nn.Linear(3, 2))
cm = torch.compile(model)
x = torch.randn(2, 3)
print(round(cm(x).sum().item(), 4))


def strip(m):
    if isinstance(m, nn.Linear):
        m.weight = nn.Parameter(m.weight.detach() * 0.5)
        m.bias = None


model.apply(strip)
print(round(cm(x).sum().item(), 4), model[0].bias)


def scale(m):
    if isinstance(m, nn.Linear):
        with torch.no_grad():
            m.weight.mul_(4)


model.apply(scale)
print(round(cm(x).sum().item(), 4))
