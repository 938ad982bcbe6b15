"""recomp: a module @property reads a plain Python float attribute that the user changes -- test_modules.py test_module_property."""
import torch

class Scale(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.base = 2.0

    @property
    def factor(self):
        return self.base * 2

    def forward(self, x):
        return x * self.factor

m = Scale()
c = torch.compile(m)
c(torch.ones(2))
m.base = 3.0
c(torch.ones(2))
c(torch.ones(2))
