"""real: compiled train step (forward, backward, Adam step) with OneCycleLR(cycle_momentum=True) changing lr and betas[0] in param_groups between steps -- torch.optim.lr_scheduler.OneCycleLR with Adam (fast.ai one-cycle policy)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(6, 8), nn.Tanh(), nn.Linear(8, 2))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.05, total_steps=6, cycle_momentum=True,
                                            base_momentum=0.85, max_momentum=0.95)


@torch.compile
def opt_step():
    opt.step()


data = [(torch.randn(4, 6), torch.randn(4, 2)) for _ in range(4)]
for step, (x, y) in enumerate(data):
    loss = F.mse_loss(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt_step()
    sched.step()
    g = opt.param_groups[0]
    print(step, round(loss.item(), 4), round(g["lr"], 5), round(g["betas"][0], 4))
print(round(sum(p.sum().item() for p in model.parameters()), 4))
