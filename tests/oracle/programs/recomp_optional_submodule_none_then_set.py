"""recomp: an optional submodule slot holds None (tested with `is not None` in forward) and a LayerNorm is assigned later, then None again -- test_modules.py submodule replaced between calls."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.norm = None

    def forward(self, x):
        y = self.lin(x)
        if self.norm is not None:
            y = self.norm(y)
        return y


m = Block()
cm = torch.compile(m)
x = torch.randn(2, 4) * 5
print(round(cm(x).abs().sum().item(), 4))
m.norm = nn.LayerNorm(4)
print(round(cm(x).abs().sum().item(), 4))
m.norm = None
print(round(cm(x).abs().sum().item(), 4))
