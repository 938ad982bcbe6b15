"""recomp: a Python attribute set on an nn.Parameter (p.lr_scale) is read in forward and changed between calls -- test_input_attr_tracking.py test_tensor_property_on_tensor / param attributes."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(3))
        self.w.lr_scale = 2.0

    def forward(self, x):
        return x * self.w * self.w.lr_scale


m = M()
cm = torch.compile(m)
x = torch.arange(3.0)
print(round(cm(x).sum().item(), 4))
m.w.lr_scale = 0.5
print(round(cm(x).sum().item(), 4))
m.w.lr_scale = 0.5
print(round(cm(x).sum().item(), 4))
