"""real: hand-written Lion optimizer whose compiled step() creates its exp_avg state lazily (self.state[p] empty on the first step, filled inside the step) and reads group["betas"], a tuple the user replaces for the second phase -- lucidrains lion-pytorch / custom optimizer compiled with torch.compile."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Lion(torch.optim.Optimizer):
    def __init__(self, params, lr=1e-2, betas=(0.9, 0.99), weight_decay=0.0):
        super().__init__(params, dict(lr=lr, betas=betas, weight_decay=weight_decay))

    @torch.compile
    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            b1, b2 = group["betas"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["exp_avg"] = torch.zeros_like(p)
                exp_avg = state["exp_avg"]
                p.mul_(1 - group["lr"] * group["weight_decay"])
                update = exp_avg * b1 + p.grad * (1 - b1)
                p.add_(torch.sign(update), alpha=-group["lr"])
                exp_avg.mul_(b2).add_(p.grad, alpha=1 - b2)


model = nn.Linear(4, 2)
opt = Lion(model.parameters(), lr=0.01)
x, y = torch.randn(8, 4), torch.randn(8, 2)
for it in range(5):
    if it == 3:
        opt.param_groups[0]["betas"] = (0.5, 0.9)
    loss = (model(x) - y).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, round(loss.item(), 5), round(opt.state[model.weight]["exp_avg"].abs().sum().item(), 5))
