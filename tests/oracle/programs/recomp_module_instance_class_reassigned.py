"""recomp: a module instance's __class__ is reassigned to a subclass overriding forward, then back -- test_modules.py module swapped between calls (class swap)."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        return self.lin(x).relu()


class Neg(Base):
    def forward(self, x):
        return -self.lin(x)


m = Base()
cm = torch.compile(m)
x = torch.randn(2, 3)
print(round(cm(x).sum().item(), 4))
m.__class__ = Neg
print(round(cm(x).sum().item(), 4))
m.__class__ = Base
print(round(cm(x).sum().item(), 4))
