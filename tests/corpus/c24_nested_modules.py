# Nested modules are inlined into one graph; each node names its module path.
# expect-graphs: 1
# expect-ops: 5
# expect-breaks: none
import torch

class Inner(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        return torch.relu(self.lin(x))

class Outer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Inner()
        self.head = torch.nn.Linear(4, 2, bias=False)

    def forward(self, x):
        return self.head(self.block(x))

model = torch.compile(Outer().eval())
with torch.no_grad():
    model(torch.randn(3, 4))
