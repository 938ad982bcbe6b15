"""real: Lookahead optimizer wrapper around Adam: a compiled step() runs the inner step, counts self.step_counter (Python int) and every k steps interpolates slow weights (kept in self.slow_state[p]) with alpha; k and alpha are instance attributes -- michaelrzhang/lookahead / timm Lookahead."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class Lookahead:
    def __init__(self, optimizer, k=2, alpha=0.5):
        self.optimizer = optimizer
        self.k, self.alpha = k, alpha
        self.step_counter = 0
        self.slow_state = {}
        for group in optimizer.param_groups:
            for p in group["params"]:
                self.slow_state[p] = p.detach().clone()

    @torch.no_grad()
    def step(self):
        self.optimizer.step()
        self.step_counter += 1
        if self.step_counter % self.k == 0:
            for group in self.optimizer.param_groups:
                for p in group["params"]:
                    slow = self.slow_state[p]
                    slow.add_(p - slow, alpha=self.alpha)
                    p.copy_(slow)

    def zero_grad(self):
        self.optimizer.zero_grad()


model = nn.Linear(5, 2)
la = Lookahead(torch.optim.SGD(model.parameters(), lr=0.2), k=2, alpha=0.5)
step_fn = torch.compile(la.step)
for step in range(5):
    if step == 3:
        la.alpha = 0.8
    x, y = torch.randn(4, 5), torch.randn(4, 2)
    loss = F.mse_loss(model(x), y)
    la.zero_grad()
    loss.backward()
    step_fn()
    print(step, la.step_counter, round(loss.item(), 4), round(model.weight.sum().item(), 4))
