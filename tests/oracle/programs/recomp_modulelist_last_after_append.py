"""recomp: forward applies only self.layers[-1]; appending a layer changes which module is last -- test_modules.py ModuleList indexing."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(3, 3)])

    def forward(self, x):
        return self.layers[-1](x) * len(self.layers)


m = Head()
cm = torch.compile(m)
x = torch.randn(2, 3)
print(round(cm(x).sum().item(), 4))
m.layers.append(nn.Linear(3, 3))
print(round(cm(x).sum().item(), 4))
m.layers[-1] = nn.Linear(3, 3)
print(round(cm(x).sum().item(), 4))
