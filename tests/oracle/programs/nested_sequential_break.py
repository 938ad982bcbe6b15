"""nested: a graph break in a custom layer two Sequentials deep -- test_modules.py nested Sequential / test_repros.py sequential graph break."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class Probe(nn.Module):
    def forward(self, x):
        print("probe", x.shape)
        return x

net = nn.Sequential(
    nn.Sequential(nn.Linear(4, 4), nn.ReLU()),
    nn.Sequential(nn.Linear(4, 4), Probe(), nn.Tanh()),
    nn.Linear(4, 2),
)
m = torch.compile(net)
m(torch.randn(3, 4))
m(torch.randn(3, 4))
