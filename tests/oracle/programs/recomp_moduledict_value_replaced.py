"""recomp: a ModuleDict entry read by a constant key is replaced with a fresh Linear, then with one without bias -- test_modules.py test_moduledict / submodule replaced."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Router(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"proj": nn.Linear(4, 4), "out": nn.Linear(4, 1)})

    def forward(self, x):
        return self.heads["out"](torch.relu(self.heads["proj"](x)))


m = Router()
cm = torch.compile(m)
x = torch.randn(2, 4)
print(round(cm(x).sum().item(), 4))
m.heads["proj"] = nn.Linear(4, 4)
print(round(cm(x).sum().item(), 4))
m.heads["proj"] = nn.Linear(4, 4, bias=False)
print(round(cm(x).sum().item(), 4))
print(round(cm(x).sum().item(), 4))
