"""recomp: a buffer registered as None is tested with `is not None` in forward, then assigned a tensor, then a different-shaped tensor -- test_repros.py buffer None guard."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Masked(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.register_buffer("mask", None)

    def forward(self, x):
        y = self.lin(x)
        if self.mask is not None:
            y = y * self.mask
        return y


m = Masked()
cm = torch.compile(m)
x = torch.randn(2, 4)
print(round(cm(x).sum().item(), 4))
m.mask = torch.tensor([1.0, 0.0, 1.0, 0.0])
print(round(cm(x).sum().item(), 4))
m.mask = torch.tensor([0.0, 0.0, 0.0, 3.0])
print(round(cm(x).sum().item(), 4))
m.mask = torch.tensor([2.0])
print(round(cm(x).sum().item(), 4))
