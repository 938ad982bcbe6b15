"""real: the PyTorch distributed tutorial's average_gradients(model) without a process group: a compiled function that divides every param.grad in place by a world size argument (the tutorial's param.grad.data /= size form crashes Inductor: set_ on a graph input) after each backward (zero_grad sets grads to None, so each step has new grad tensors) -- pytorch.org dist_tuto average_gradients."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def average_gradients(model, size):
    for param in model.parameters():
        param.grad.div_(size)


for step in range(4):
    x, y = torch.randn(5, 4), torch.randn(5, 2)
    loss = F.mse_loss(model(x), y)
    opt.zero_grad()
    loss.backward()
    average_gradients(model, 2)
    gsum = sum(p.grad.abs().sum().item() for p in model.parameters())
    opt.step()
    print(step, round(loss.item(), 4), round(gsum, 4))
