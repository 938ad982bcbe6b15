"""recomp: a parametrized Linear called through torch.compile inside and outside parametrize.cached(), the original weight edited between calls -- test_modules.py parametrization with caching."""
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P

torch.manual_seed(0)


class Sym(nn.Module):
    def forward(self, w):
        return (w + w.t()) / 2


lin = nn.Linear(3, 3)
P.register_parametrization(lin, "weight", Sym())
cm = torch.compile(lin)
x = torch.randn(2, 3)
print(round(cm(x).sum().item(), 4))
with P.cached():
    print(round(cm(x).sum().item(), 4))
    print(round(cm(x * 2).sum().item(), 4))
with torch.no_grad():
    lin.parametrizations.weight.original.add_(1.0)
print(round(cm(x).sum().item(), 4))
with P.cached():
    print(round(cm(x).sum().item(), 4))
