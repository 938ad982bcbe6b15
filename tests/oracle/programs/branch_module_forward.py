"""branch: data-dependent branch inside nn.Module.forward -- test_repros.py module with guarded branch."""
import torch
torch.manual_seed(0)

class Gate(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        h = self.lin(x)
        if h.norm() > 1.0:
            h = h / h.norm()
        return h.relu()

m = torch.compile(Gate())
m(torch.randn(2, 4))
m(torch.randn(2, 4) * 0.01)
