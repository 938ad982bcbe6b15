"""real: an EMA copy of a model updated with torch._foreach_lerp_ after each step, evaluated through torch.compile -- timm ModelEmaV3 foreach update."""
import copy
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))
ema = copy.deepcopy(model).eval().requires_grad_(False)
cema = torch.compile(ema)
opt = torch.optim.SGD(model.parameters(), lr=0.3)
xv = torch.randn(2, 3)
for step in range(3):
    x = torch.randn(4, 3)
    loss = (model(x) - 1).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    with torch.no_grad():
        torch._foreach_lerp_(list(ema.parameters()), list(model.parameters()), 0.5)
        print(step, round(cema(xv).sum().item(), 4))
