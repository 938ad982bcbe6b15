"""recomp: a BatchNorm in eval mode has track_running_stats switched off (batch statistics used again), then running_mean set to None -- test_repros.py test_batchnorm_e2e (eval/training toggles)."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 3), nn.BatchNorm1d(3))
cm = torch.compile(model)
x = torch.randn(5, 3) * 3 + 1
print(round(cm(x).abs().sum().item(), 4))
model.eval()
print(round(cm(x).abs().sum().item(), 4))
model[1].track_running_stats = False
print(round(cm(x).abs().sum().item(), 4))
model[1].running_mean = None
model[1].running_var = None
print(round(cm(x).abs().sum().item(), 4))
