"""real: compiled Adam step (torch.compile(opt.step)) in a multi-stage schedule that resets the optimizer moments at each stage boundary (opt.state = collections.defaultdict(dict), as fine-tuning scripts and warm restarts do) and changes the group's lr and betas for the new stage -- stage-wise training with optimizer state reset."""
import collections
import torch
import torch.nn as nn
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 1))
opt = torch.optim.Adam(model.parameters(), lr=0.05)
step_fn = torch.compile(opt.step)
x = torch.randn(8, 4)
y = torch.randn(8, 1)
for stage, (lr, beta1) in enumerate([(0.05, 0.9), (0.01, 0.5)]):
    if stage > 0:
        opt.state = collections.defaultdict(dict)
        for g in opt.param_groups:
            g["lr"] = lr
            g["betas"] = (beta1, 0.999)
    for it in range(2):
        loss = (model(x) - y).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        step_fn()
        print(stage, it, round(loss.item(), 5), round(model[0].weight.sum().item(), 5))
