"""recomp: forward reads getattr(self, 'temperature', 1.0); the attribute is added, changed, then deleted on the module between calls -- test_modules.py test_assign_does_not_exist / test_attr_precedence."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        t = getattr(self, "temperature", 1.0)
        return torch.softmax(self.lin(x) / t, dim=-1)


m = Head()
cm = torch.compile(m)
x = torch.randn(2, 3) * 4
print(round(cm(x).max().item(), 4))
m.temperature = 10.0
print(round(cm(x).max().item(), 4))
m.temperature = 0.5
print(round(cm(x).max().item(), 4))
del m.temperature
print(round(cm(x).max().item(), 4))
