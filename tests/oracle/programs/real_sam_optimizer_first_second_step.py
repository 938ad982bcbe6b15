"""real: Sharpness-Aware Minimization: SAM wrapper optimizer whose first_step (perturb weights by rho * grad / grad_norm, remembering e_w in self.state[p]) and second_step (undo the perturbation, base SGD step) are compiled; rho (param_group float) is changed mid-training -- davda54/sam SAM optimizer."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class SAM(torch.optim.Optimizer):
    def __init__(self, params, base_optimizer, rho=0.05, **kwargs):
        defaults = dict(rho=rho, **kwargs)
        super().__init__(params, defaults)
        self.base_optimizer = base_optimizer(self.param_groups, **kwargs)
        self.param_groups = self.base_optimizer.param_groups

    @torch.no_grad()
    def first_step(self):
        grad_norm = self._grad_norm()
        for group in self.param_groups:
            scale = group["rho"] / (grad_norm + 1e-12)
            for p in group["params"]:
                if p.grad is None:
                    continue
                e_w = p.grad * scale.to(p)
                p.add_(e_w)
                self.state[p]["e_w"] = e_w

    @torch.no_grad()
    def second_step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                p.sub_(self.state[p]["e_w"])
        self.base_optimizer.step()

    def _grad_norm(self):
        return torch.norm(torch.stack([p.grad.norm(p=2) for group in self.param_groups
                                       for p in group["params"] if p.grad is not None]), p=2)


model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
opt = SAM(model.parameters(), torch.optim.SGD, rho=0.05, lr=0.1)
first_step = torch.compile(opt.first_step)
second_step = torch.compile(opt.second_step)
for step in range(4):
    if step == 2:
        opt.param_groups[0]["rho"] = 0.5
    x, y = torch.randn(6, 4), torch.tensor([0, 1, 2, 0, 1, 2])
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    first_step()
    opt.zero_grad()
    loss2 = F.cross_entropy(model(x), y)
    loss2.backward()
    second_step()
    opt.zero_grad()
    print(step, round(loss.item(), 4), round(loss2.item(), 4))
