"""recomp: register_parameter('scale', None) tested in forward, later set to an nn.Parameter, then replaced by one of another shape -- test_modules.py parameters changed after compile."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)
        self.register_parameter("scale", None)

    def forward(self, x):
        y = self.lin(x)
        if self.scale is None:
            return y
        return y * self.scale


m = Scaled()
cm = torch.compile(m)
x = torch.randn(2, 3)
print(round(cm(x).sum().item(), 4))
m.scale = nn.Parameter(torch.tensor([2.0, 0.0, -1.0]))
print(round(cm(x).sum().item(), 4))
m.scale = nn.Parameter(torch.tensor([10.0]))
print(round(cm(x).sum().item(), 4))
