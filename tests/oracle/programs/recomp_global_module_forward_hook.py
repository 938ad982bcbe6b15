"""recomp: a global module forward hook (register_module_forward_hook) is installed after the first call and removed later -- test_modules.py test_hooks_outer (global hooks)."""
import torch
import torch.nn as nn
from torch.nn.modules.module import register_module_forward_hook

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 3), nn.ReLU())
cm = torch.compile(model)
x = torch.randn(2, 3)
print(round(cm(x).sum().item(), 4))


def double(mod, inp, out):
    return out * 2


h = register_module_forward_hook(double)
print(round(cm(x).sum().item(), 4))
h.remove()
print(round(cm(x).sum().item(), 4))
