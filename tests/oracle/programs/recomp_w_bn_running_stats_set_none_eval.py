"""recomp: an inner BatchNorm1d in eval mode has its running_mean/running_var set to None between calls (so it falls back to batch statistics), then new running stats are registered -- test_modules.py batchnorm running stats None."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 3), nn.BatchNorm1d(3))
model.eval()
cm = torch.compile(model)
x = torch.randn(4, 3)
print(round(cm(x).sum().item(), 4), round(cm(x).abs().sum().item(), 4))
bn = model[1]
bn.running_mean = None
bn.running_var = None
print(round(cm(x).abs().sum().item(), 4))
bn.running_mean = torch.full((3,), 0.5)
bn.running_var = torch.full((3,), 4.0)
print(round(cm(x).abs().sum().item(), 4))
bn.running_var.fill_(9.0)
print(round(cm(x).abs().sum().item(), 4))
