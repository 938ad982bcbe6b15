"""real: a compiled train step (zero_grad, backward, SGD step) with a StepLR scheduler changing the float lr between steps -- dynx corpus r77 under the oracle."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)


@torch.compile
def step(x, y):
    opt.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    return loss


for _ in range(6):
    step(torch.randn(8, 4), torch.randn(8, 3))
    sched.step()
