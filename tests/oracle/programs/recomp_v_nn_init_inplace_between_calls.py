"""recomp: nn.init.constant_/zeros_/orthogonal_ rewrite a compiled module's parameters in place between calls (same objects, new values) -- test_modules.py parameters mutated in place."""
import torch
import torch.nn as nn

torch.manual_seed(0)
lin = nn.Linear(3, 3)
cm = torch.compile(lin)
x = torch.randn(2, 3)
print(round(cm(x).sum().item(), 4))
nn.init.constant_(lin.weight, 0.5)
nn.init.zeros_(lin.bias)
print(round(cm(x).sum().item(), 4))
nn.init.eye_(lin.weight)
nn.init.ones_(lin.bias)
print(round(cm(x).sum().item(), 4))
torch.manual_seed(1)
nn.init.orthogonal_(lin.weight)
print(round(cm(x).pow(2).sum().item(), 4))
