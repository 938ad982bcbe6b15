"""recomp: a Dropout's p changed by the user between calls (float module attribute) -- test_modules.py module attribute guards / test_recompiles.py."""
import torch
torch.manual_seed(0)

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        self.drop = torch.nn.Dropout(0.5)

    def forward(self, x):
        return self.drop(self.lin(x))

m = Net()
c = torch.compile(m)
x = torch.randn(2, 4)
c(x)
m.drop.p = 0.1
c(x)
c(x)
