"""recomp: a subclass forward calls super().forward(x); the base class's forward is replaced on the base class between calls -- test_modules.py test_super / test_descr.py super lookups."""
import torch


class Base(torch.nn.Module):
    def forward(self, x):
        return x * 2


class Sub(Base):
    def forward(self, x):
        return super().forward(x) + 1


m = torch.compile(Sub(), backend="eager")
x = torch.arange(3.0)
print(m(x).sum().item())
print(m(x).sum().item())
Base.forward = lambda self, x: x * 10
print(m(x).sum().item())
