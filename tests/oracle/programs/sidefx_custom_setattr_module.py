"""sidefx: forward assigns an attribute on a module whose class overrides __setattr__ -- test_repros.py test_abc_setattr."""
import torch

class Base(torch.nn.Module):
    def blah(self, x):
        return x + 1

class Derived(Base):
    def __setattr__(self, name, value):
        super().__setattr__(name, value)

    def forward(self, x):
        self.calls = 0
        return self.blah(x) * 2

c = torch.compile(Derived())
c(torch.ones(3))
c(torch.ones(3))
