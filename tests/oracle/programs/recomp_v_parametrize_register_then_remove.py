"""recomp: register_parametrization added to a compiled Linear between calls, then remove_parametrizations with leave_parametrized=True -- test_modules.py parametrization registered after compile."""
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P

torch.manual_seed(0)


class Positive(nn.Module):
    def forward(self, w):
        return w.abs()


lin = nn.Linear(3, 2)
cm = torch.compile(lin)
x = torch.randn(4, 3)
print(round(cm(x).sum().item(), 4))
P.register_parametrization(lin, "weight", Positive())
print(round(cm(x).sum().item(), 4), P.is_parametrized(lin))
with torch.no_grad():
    lin.parametrizations.weight.original.mul_(-2)
print(round(cm(x).sum().item(), 4))
P.remove_parametrizations(lin, "weight", leave_parametrized=True)
with torch.no_grad():
    lin.weight.neg_()
print(round(cm(x).sum().item(), 4), P.is_parametrized(lin))
