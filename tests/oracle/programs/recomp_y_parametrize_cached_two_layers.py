"""recomp: two Linear layers with a registered symmetric parametrization called through torch.compile inside parametrize.cached() and outside it; the originals are edited between blocks -- test_modules.py parametrization with caching, a model of two layers."""
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P

torch.manual_seed(0)


class Sym(nn.Module):
    def forward(self, w):
        return (w + w.t()) / 2


net = nn.Sequential(nn.Linear(3, 3), nn.Tanh(), nn.Linear(3, 3))
P.register_parametrization(net[0], "weight", Sym())
P.register_parametrization(net[2], "weight", Sym())
cm = torch.compile(net)
x = torch.randn(2, 3)
with P.cached():
    print(round(cm(x).sum().item(), 4))
    print(round(cm(x).sum().item(), 4))
with torch.no_grad():
    net[0].parametrizations.weight.original.mul_(2.0)
with P.cached():
    print(round(cm(x).sum().item(), 4))
print(round(cm(x).sum().item(), 4))
