"""recomp: forward chains an nn.ModuleList; two entries are swapped in place between calls -- test_modules.py test_modulelist_setitem."""
import torch
import torch.nn as nn


class Add(nn.Module):
    def forward(self, x):
        return x + 1


class Dbl(nn.Module):
    def forward(self, x):
        return x * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Add(), Dbl()])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


m = M()
cm = torch.compile(m)
x = torch.arange(3.0)
print(cm(x).tolist())
m.layers[0], m.layers[1] = m.layers[1], m.layers[0]
print(cm(x).tolist())
