"""recomp: forward calls self.helper(x), a method inherited from the base class; the base class's helper is replaced between calls (no super()) -- test_modules.py / test_descr.py inherited method lookup."""
import torch


class Base(torch.nn.Module):
    def helper(self, x):
        return x * 2


class Sub(Base):
    def forward(self, x):
        return self.helper(x) + 1


m = torch.compile(Sub(), backend="eager")
x = torch.arange(3.0)
print(m(x).sum().item())
print(m(x).sum().item())
Base.helper = lambda self, x: x * 10
print(m(x).sum().item())
