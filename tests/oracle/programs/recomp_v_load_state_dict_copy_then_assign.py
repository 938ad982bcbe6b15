"""recomp: load_state_dict copies new values into the same Parameters (in place), then assign=True installs new Parameter objects; the compiled module must see both -- test_modules.py state dict loaded after compile."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))
cm = torch.compile(model)
x = torch.randn(4, 3)
print(round(cm(x).sum().item(), 4))
w0 = model[0].weight
sd = {k: torch.full_like(v, 0.25) for k, v in model.state_dict().items()}
model.load_state_dict(sd)
print(model[0].weight is w0, round(cm(x).sum().item(), 4))
sd2 = {k: torch.full_like(v, -0.5) for k, v in model.state_dict().items()}
model.load_state_dict(sd2, assign=True)
print(model[0].weight is w0, round(cm(x).sum().item(), 4))
with torch.no_grad():
    model[2].bias.fill_(7.0)
print(round(cm(x).sum().item(), 4))
