"""real: a training script's main() defines a compiled normalize-and-loss closure over local variables (running_mean tensor, running_std tensor, a float loss scale) that main() rebinds every step (running statistics updated functionally, scale annealed) -- input normalization with running stats in a closure (common script structure)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def main():
    torch.manual_seed(0)
    model = nn.Linear(3, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    running_mean = torch.zeros(3)
    running_std = torch.ones(3)
    loss_scale = 1.0

    @torch.compile
    def step_loss(x, y):
        xn = (x - running_mean) / running_std
        return loss_scale * F.mse_loss(model(xn), y)

    for step in range(5):
        x = torch.randn(6, 3) * 2 + 1
        y = x.sum(1, keepdim=True)
        running_mean = 0.9 * running_mean + 0.1 * x.mean(0)
        running_std = 0.9 * running_std + 0.1 * x.std(0)
        if step >= 3:
            loss_scale = 0.5
        loss = step_loss(x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, round(loss.item(), 4), round(running_mean.sum().item(), 4))


main()
