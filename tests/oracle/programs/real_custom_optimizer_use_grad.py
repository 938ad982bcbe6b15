"""real: the program's own Optimizer subclass whose step uses torch's _use_grad_for_differentiable, stepped inside a compiled train step -- custom optimizers as in timm/lion."""
import torch
from torch.optim.optimizer import Optimizer, _use_grad_for_differentiable

class SignSGD(Optimizer):
    def __init__(self, params, lr=0.01):
        super().__init__(params, dict(lr=lr, differentiable=False))

    @_use_grad_for_differentiable
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.add_(p.grad.sign(), alpha=-group["lr"])

torch.manual_seed(0)
model = torch.nn.Linear(4, 2)
opt = SignSGD(model.parameters())

@torch.compile
def train_step(x):
    loss = model(x).pow(2).mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    return loss.detach()

for _ in range(3):
    print(round(train_step(torch.randn(6, 4)).item(), 4))
