"""real: torch.optim.swa_utils.AveragedModel with get_ema_multi_avg_fn compiled for evaluation, update_parameters after each training step -- torch.optim.swa_utils EMA recipe."""
import torch
import torch.nn as nn
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
ema = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(0.5))
cema = torch.compile(ema)
opt = torch.optim.SGD(model.parameters(), lr=0.2)
xs = [torch.randn(4, 3) for _ in range(3)]
xv = torch.randn(2, 3)
for i, x in enumerate(xs):
    loss = model(x).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    ema.update_parameters(model)
    with torch.no_grad():
        print(i, int(ema.n_averaged), round(cema(xv).sum().item(), 4))
