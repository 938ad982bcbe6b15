"""real: hand-written compiled AdamW-free SGD step that iterates opt.param_groups and reads group["lr"], group["weight_decay"] and group.get("lr_mult", 1.0); a layer-wise lr-decay key is added to one group mid-training and weight_decay set to 0 for the fine-tune stage -- BEiT/timm layer_decay param groups read by a custom step."""
import torch
import torch.nn as nn
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(4, 8), nn.GELU(), nn.Linear(8, 2))
opt = torch.optim.SGD([
    {"params": model[0].parameters(), "lr": 0.1, "weight_decay": 1e-2},
    {"params": model[2].parameters(), "lr": 0.1, "weight_decay": 1e-2},
])


@torch.compile
@torch.no_grad()
def sgd_step(opt):
    for group in opt.param_groups:
        lr = group["lr"] * group.get("lr_mult", 1.0)
        wd = group["weight_decay"]
        for p in group["params"]:
            if p.grad is None:
                continue
            if wd != 0:
                p.mul_(1 - lr * wd)
            p.add_(p.grad, alpha=-lr)


x, y = torch.randn(10, 4), torch.randn(10, 2)
for step in range(6):
    loss = (model(x) - y).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    sgd_step(opt)
    print(step, round(loss.item(), 5))
    if step == 1:
        opt.param_groups[0]["lr_mult"] = 0.1
    if step == 3:
        for g in opt.param_groups:
            g["weight_decay"] = 0.0
