"""real: a whole train step compiled with a disabled GradScaler (scale, step, update) and StepLR.step() inside it; the scheduler halves the lr every two steps -- PyTorch AMP recipe train loop compiled end to end (CPU, scaler disabled)."""
import torch
import torch.nn as nn
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
scaler = torch.amp.GradScaler("cpu", enabled=False)


@torch.compile
def step(x, y):
    loss = ((model(x) - y) ** 2).mean()
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
    opt.zero_grad()
    sched.step()
    return loss.detach()


for i in range(5):
    x, y = torch.randn(4, 6), torch.randn(4, 1)
    print(i, round(step(x, y).item(), 4), opt.param_groups[0]["lr"])
