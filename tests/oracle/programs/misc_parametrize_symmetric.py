"""misc: a Linear with a registered parametrization (weight recomputed each access) -- test_modules.py test_parametrization."""
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P
torch.manual_seed(0)

class Symmetric(nn.Module):
    def forward(self, w):
        return w.triu() + w.triu(1).transpose(0, 1)

lin = nn.Linear(3, 3)
P.register_parametrization(lin, "weight", Symmetric())
m = torch.compile(lin)
for _ in range(3):
    m(torch.randn(2, 3)).sum().backward()
