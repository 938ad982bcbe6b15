"""recomp: forward runs a slice self.layers[:self.n] of an nn.Sequential, n changed between calls -- test_modules.py test_sequential_slice."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(*[nn.Linear(3, 3) for _ in range(4)])
        self.n = 2

    def forward(self, x):
        return self.layers[: self.n](x)


m = M()
cm = torch.compile(m)
x = torch.ones(1, 3)
with torch.no_grad():
    print(round(cm(x).sum().item(), 4))
    m.n = 4
    print(round(cm(x).sum().item(), 4))
    m.n = 1
    print(round(cm(x).sum().item(), 4))
