"""misc: cooperative super().forward() through a mixin and a base Module (MRO chain) -- test_modules.py test_super_module / mixin forward chain."""
import torch
torch.manual_seed(0)

class Base(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)

    def forward(self, x):
        return self.lin(x)

class ScaleMixin:
    def forward(self, x):
        return super().forward(x) * 0.5

class Net(ScaleMixin, Base):
    def forward(self, x):
        return super().forward(x).relu()

m = torch.compile(Net())
m(torch.randn(2, 3))
m(torch.randn(2, 3))
