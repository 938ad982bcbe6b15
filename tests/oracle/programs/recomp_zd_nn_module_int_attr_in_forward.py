"""recomp: an nn.Module int attribute (num_steps) read in forward loop changes -- test_modules.py module attribute guards."""
import torch


class Iter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)
        self.num_steps = 2

    def forward(self, x):
        for _ in range(self.num_steps):
            x = torch.relu(self.lin(x))
        return x


torch.manual_seed(0)
m = Iter()
cm = torch.compile(m, backend="eager")
x = torch.randn(2, 3)
print(cm(x).sum())
m.num_steps = 3
print(cm(x).sum())
m.num_steps = 2
print(cm(x).sum())
