"""recomp: a Linear's weight is parametrized by a module holding a mask buffer (weight * mask); the mask is edited in place, replaced by register_buffer, and the parametrization's original weight edited -- test_modules.py parametrization state."""
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P

torch.manual_seed(0)


class Mask(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mask", torch.ones(2, 3))

    def forward(self, w):
        return w * self.mask


lin = nn.Linear(3, 2)
P.register_parametrization(lin, "weight", Mask())
cm = torch.compile(lin)
x = torch.ones(1, 3)
with torch.no_grad():
    print(round(cm(x).sum().item(), 4))
    mask_mod = lin.parametrizations.weight[0]
    mask_mod.mask[0].zero_()
    print(round(cm(x).sum().item(), 4))
    mask_mod.register_buffer("mask", torch.full((2, 3), 2.0))
    print(round(cm(x).sum().item(), 4))
    lin.parametrizations.weight.original.fill_(1.0)
    print(round(cm(x).sum().item(), 4))
