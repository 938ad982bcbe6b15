"""misc: an MLP of LazyLinear layers compiled before its first (materializing) call -- test_modules.py test_lazy_module2 / test_lazy_module4."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class LazyMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.LazyLinear(6)
        self.fc2 = nn.LazyLinear(1)

    def forward(self, x):
        return self.fc2(self.fc1(x).relu()).relu()

m = LazyMLP()
c = torch.compile(m)
c(torch.rand(4, 5))
c(torch.rand(4, 5))
print(type(m.fc1).__name__)
