"""real: EMA of model weights updated by a compiled no_grad function with a warmup decay (Python float changing per step) -- timm ModelEmaV2 / diffusion EMA shape."""
import copy
import torch
import torch.nn as nn
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
ema = copy.deepcopy(model).eval()
for p in ema.parameters():
    p.requires_grad_(False)
opt = torch.optim.SGD(model.parameters(), lr=0.1)

@torch.compile
@torch.no_grad()
def update_ema(ema_model, model, decay):
    for e, p in zip(ema_model.parameters(), model.parameters()):
        e.mul_(decay).add_(p.detach(), alpha=1 - decay)

for step in range(4):
    loss = model(torch.randn(3, 4)).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    update_ema(ema, model, min(0.999, (1 + step) / (10 + step)))
