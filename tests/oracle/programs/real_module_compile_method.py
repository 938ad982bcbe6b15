"""real: nn.Module.compile() then calls with two batch sizes -- test_misc.py module.compile()."""
import torch
torch.manual_seed(0)

class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(3, 6)
        self.b = torch.nn.Linear(6, 1)

    def forward(self, x):
        return self.b(self.a(x).tanh())

m = MLP()
m.compile()
m(torch.randn(2, 3))
m(torch.randn(5, 3))
m(torch.randn(7, 3))
