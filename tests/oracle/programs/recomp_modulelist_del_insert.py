"""recomp: a ModuleList iterated in forward loses its first layer (del) and then gets one inserted at the front -- test_modules.py ModuleList iteration and indexing."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(3, 3) for _ in range(3)])

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x) + i
        return x


m = Net()
cm = torch.compile(m)
x = torch.randn(2, 3)
print(round(cm(x).sum().item(), 4))
del m.layers[0]
print(round(cm(x).sum().item(), 4))
m.layers.insert(0, nn.Identity())
print(round(cm(x).sum().item(), 4))
print(round(cm(x).sum().item(), 4))
