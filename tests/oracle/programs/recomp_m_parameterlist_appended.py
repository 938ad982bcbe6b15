"""recomp: forward multiplies through an nn.ParameterList that gets a parameter appended between calls -- test_modules.py test_parameterlist_append."""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.ps = nn.ParameterList([nn.Parameter(torch.full((2,), 2.0))])

    def forward(self, x):
        for p in self.ps:
            x = x * p
        return x


m = M()
cm = torch.compile(m)
x = torch.ones(2)
with torch.no_grad():
    print(cm(x).tolist())
    m.ps.append(nn.Parameter(torch.full((2,), 3.0)))
    print(cm(x).tolist())
    m.ps[0].fill_(5.0)
    print(cm(x).tolist())
