"""recomp: a conv model is moved to channels_last memory format between calls (parameter strides change, input kept contiguous) -- test_repros.py strides of module parameters."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Conv2d(2, 4, 3), nn.ReLU(), nn.Conv2d(4, 2, 1))
cm = torch.compile(model)
x = torch.randn(1, 2, 6, 6)
print(round(cm(x).sum().item(), 4))
model.to(memory_format=torch.channels_last)
print(round(cm(x).sum().item(), 4), model[0].weight.is_contiguous())
print(round(cm(x.contiguous(memory_format=torch.channels_last)).sum().item(), 4))
