"""real: a custom parametrization module registered with torch.nn.utils.parametrize.register_parametrization (weight = original * self.scale, a Python float attribute of the parametrization) on a compiled model's Linear; the script changes the scale between evaluations, then registers a second parametrization on top -- torch.nn.utils.parametrize tutorial / LoRA-as-parametrization code."""
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P
torch.manual_seed(0)


class Scale(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, w):
        return w * self.scale


class Symmetric(nn.Module):
    def forward(self, w):
        return w.triu() + w.triu(1).transpose(-1, -2)


model = nn.Sequential(nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 2))
P.register_parametrization(model[0], "weight", Scale(1.0))
cmodel = torch.compile(model)
x = torch.randn(3, 4)
with torch.no_grad():
    print("s1", round(cmodel(x).sum().item(), 4))
    model[0].parametrizations.weight[0].scale = 0.5
    print("s05", round(cmodel(x).sum().item(), 4))
    model[0].parametrizations.weight[0].scale = 2.0
    print("s2", round(cmodel(x).sum().item(), 4))
    P.register_parametrization(model[0], "weight", Symmetric())
    print("sym", round(cmodel(x).sum().item(), 4))
