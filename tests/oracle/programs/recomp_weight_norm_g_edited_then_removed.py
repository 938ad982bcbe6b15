"""recomp: a weight_norm parametrization's magnitude is edited in place (no recompile), then the parametrization is removed (class swapped back) -- test_modules.py test_parametrization."""
import torch
import torch.nn as nn
from torch.nn.utils import parametrize
from torch.nn.utils.parametrizations import weight_norm

torch.manual_seed(0)
lin = weight_norm(nn.Linear(3, 2))
clin = torch.compile(lin)
x = torch.randn(4, 3)
print(round(clin(x).sum().item(), 4))
with torch.no_grad():
    lin.parametrizations.weight.original0.mul_(2.0)
print(round(clin(x).sum().item(), 4))
parametrize.remove_parametrizations(lin, "weight")
print(round(clin(x).sum().item(), 4))
with torch.no_grad():
    lin.weight.zero_()
print(round(clin(x).sum().item(), 4))
