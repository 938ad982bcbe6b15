"""real: the whole train step (forward, backward, opt.step()) is compiled; after two warmup steps the script registers an optimizer step post-hook (opt.register_step_post_hook) that applies decoupled weight decay to the weights (p.mul_(1 - wd)), as callback-style trainers do, and removes it again for the last step -- torch.optim.Optimizer.register_step_post_hook used by EMA / weight-decay callbacks."""
import torch
import torch.nn as nn
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
wd = 0.2


def decay_hook(optimizer, args, kwargs):
    with torch.no_grad():
        for group in optimizer.param_groups:
            for p in group["params"]:
                if p.dim() > 1:
                    p.mul_(1 - wd)


@torch.compile
def train_step(x, y):
    opt.zero_grad()
    loss = (model(x) - y).pow(2).mean()
    loss.backward()
    opt.step()
    return loss


x = torch.randn(6, 4)
y = torch.randn(6, 2)
handle = None
for step in range(5):
    if step == 2:
        handle = opt.register_step_post_hook(decay_hook)
    if step == 4:
        handle.remove()
    loss = train_step(x, y)
    print(step, round(loss.item(), 4), round(model[0].weight.abs().sum().item(), 4))
