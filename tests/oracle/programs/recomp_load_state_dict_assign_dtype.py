"""recomp: load_state_dict(assign=True) with a float64 state dict replaces the Parameters (new objects, new dtype) between calls -- test_modules.py parameters replaced after compile."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.Tanh())
cm = torch.compile(model)
x = torch.randn(4, 3)
print(round(cm(x).sum().item(), 4))
sd = {k: v.detach().clone() * 2 for k, v in model.state_dict().items()}
model.load_state_dict(sd, assign=True)
print(round(cm(x).sum().item(), 4))
sd64 = {k: v.double() for k, v in sd.items()}
model.load_state_dict(sd64, assign=True)
print(round(cm(x.double()).sum().item(), 4), model[0].weight.dtype)
