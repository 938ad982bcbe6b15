"""sidefx: forward stores an intermediate tensor on self (self.last_hidden = h) for the caller to read -- test_modules.py module attribute mutation side effect."""
import torch
torch.manual_seed(0)

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)
        self.last_hidden = None

    def forward(self, x):
        h = self.lin(x).relu()
        self.last_hidden = h
        return h.sum()

m = Net()
c = torch.compile(m)
c(torch.randn(2, 3))
c(torch.randn(2, 3))
m.last_hidden.shape
