"""recomp: ModuleList.append between calls changes how often the forward's loop runs -- test_modules.py ModuleList iteration."""
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__(); self.layers = torch.nn.ModuleList([torch.nn.Linear(2, 2)])
    def forward(self, x):
        for l in self.layers: x = l(x)
        return x
torch.manual_seed(0)
m = M(); c = torch.compile(m); x = torch.ones(1, 2)
c(x); m.layers.append(torch.nn.Linear(2, 2)); c(x)
