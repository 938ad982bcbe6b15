"""recomp: a Linear's bias parameter is set to None after the first call, then a new bias Parameter is attached -- test_modules.py submodule parameter replaced."""
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Sequential(nn.Linear(3, 3), nn.ReLU())
cm = torch.compile(m)
x = torch.randn(2, 3)
print(round(cm(x).sum().item(), 4))
m[0].bias = None
print(round(cm(x).sum().item(), 4))
print(round(cm(x).sum().item(), 4))
m[0].bias = nn.Parameter(torch.full((3,), 5.0))
print(round(cm(x).sum().item(), 4))
