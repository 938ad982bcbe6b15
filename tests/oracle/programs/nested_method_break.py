"""nested: a break in a submodule's forward -- test_repros.py submodule graph break."""
import torch
import torch._dynamo
torch.manual_seed(0)

class Inner(torch.nn.Module):
    def forward(self, x):
        x = x * 2
        torch._dynamo.graph_break()
        return x + 1

class Outer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)
        self.inner = Inner()

    def forward(self, x):
        return self.inner(self.lin(x)).relu()

m = torch.compile(Outer())
m(torch.randn(2, 3))
