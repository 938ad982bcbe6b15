"""real: a whole training step compiled: zero_grad, MSE loss, backward, clip_grad_value_(model.parameters(), 0.5), SGD(momentum) step and a CosineAnnealingWarmRestarts(T_0=2) scheduler.step() inside the compiled function, five steps on one batch shape -- common "compile the train step" user pattern with gradient value clipping and warm restarts."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim.lr_scheduler import CosineAnnealingWarmRestarts

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
sched = CosineAnnealingWarmRestarts(opt, T_0=2)


@torch.compile(backend="eager")
def train_step(x, y):
    opt.zero_grad()
    loss = F.mse_loss(model(x), y)
    loss.backward()
    nn.utils.clip_grad_value_(model.parameters(), 0.5)
    opt.step()
    sched.step()
    return loss.detach()


x = torch.randn(8, 6)
y = torch.randn(8, 1)
for i in range(5):
    loss = train_step(x, y)
    print(i, round(loss.item(), 4), round(opt.param_groups[0]["lr"], 5))
