"""recomp: an nn.Module keeps a plain dict of settings as an attribute; forward reads it; the user mutates the dict in place between calls -- test_dicts.py / test_modules.py dict attribute guards."""
import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)
        self.cfg = {"scale": 2.0, "act": "relu", "depth": 1}

    def forward(self, x):
        for _ in range(self.cfg["depth"]):
            x = self.lin(x)
        if self.cfg["act"] == "relu":
            x = torch.relu(x)
        else:
            x = torch.tanh(x)
        return x * self.cfg["scale"]


torch.manual_seed(0)
net = Net()
opt = torch.compile(net)
x = torch.randn(2, 3)
print(round(opt(x).sum().item(), 4))
net.cfg["act"] = "tanh"
print(round(opt(x).sum().item(), 4))
net.cfg["depth"] = 2
print(round(opt(x).sum().item(), 4))
net.cfg["scale"] = 0.5
print(round(opt(x).sum().item(), 4))
