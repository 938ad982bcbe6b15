"""real: the whole train step compiled including opt.step() and sched.step(); the LambdaLR lambda reads a global WARMUP_STEPS that the script changes after a restart -- common 'compile everything' train_step with a warmup LambdaLR."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

WARMUP_STEPS = 4
model = nn.Linear(5, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.2)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / WARMUP_STEPS))


@torch.compile
def train_step(x, y):
    loss = F.mse_loss(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    sched.step()
    return loss.detach()


for step in range(5):
    if step == 3:
        WARMUP_STEPS = 8
    loss = train_step(torch.randn(3, 5), torch.randn(3, 2))
    print(step, round(loss.item(), 4), round(opt.param_groups[0]["lr"], 4))
