"""recomp: parametrizations.spectral_norm on a compiled Linear: in train mode each call runs a power iteration that updates the _u/_v buffers, in eval mode it does not -- test_modules.py spectral_norm parametrization."""
import torch
import torch.nn as nn
from torch.nn.utils.parametrizations import spectral_norm

torch.manual_seed(0)
lin = spectral_norm(nn.Linear(4, 3))
cm = torch.compile(lin)
x = torch.randn(2, 4)
p = lin.parametrizations.weight[0]
for _ in range(2):
    print(round(cm(x).sum().item(), 4), round(p._u.sum().item(), 4))
lin.eval()
u = p._u.clone()
print(round(cm(x).sum().item(), 4), torch.equal(u, p._u))
with torch.no_grad():
    lin.parametrizations.weight.original.mul_(3)
print(round(cm(x).sum().item(), 4))
lin.train()
print(round(cm(x).sum().item(), 4), torch.equal(u, p._u))
