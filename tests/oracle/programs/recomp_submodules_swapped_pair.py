"""recomp: two same-class submodules are swapped (m.a, m.b = m.b, m.a) between calls: same shapes, different weights -- test_modules.py submodule replaced between calls."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Two(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 3)
        self.b = nn.Linear(3, 3)

    def forward(self, x):
        return self.b(torch.relu(self.a(x)))


m = Two()
cm = torch.compile(m)
x = torch.randn(2, 3)
print(round(cm(x).sum().item(), 4))
m.a, m.b = m.b, m.a
print(round(cm(x).sum().item(), 4))
m.a, m.b = m.b, m.a
print(round(cm(x).sum().item(), 4))
