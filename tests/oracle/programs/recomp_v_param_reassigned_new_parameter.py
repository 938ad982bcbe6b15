"""recomp: module.weight = nn.Parameter(new) between calls: first same shape, then another shape, then requires_grad=False -- test_modules.py parameter replaced after compile."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(3))

    def forward(self, x):
        return (x * self.weight).sum(-1)


m = Scale()
cm = torch.compile(m)
x = torch.randn(2, 3)
print(round(cm(x).sum().item(), 4))
m.weight = nn.Parameter(torch.full((3,), 2.0))
print(round(cm(x).sum().item(), 4))
m.weight = nn.Parameter(torch.full((1,), -1.0))
print(round(cm(x).sum().item(), 4))
m.weight = nn.Parameter(torch.full((3,), 0.5), requires_grad=False)
out = cm(x)
print(round(out.sum().item(), 4), out.requires_grad)
