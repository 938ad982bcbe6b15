"""misc: a generator (model.parameters()) passed into a compiled gradient-norm helper -- test_error_messages.py generator input; the clip_grad_norm_ shape of training loops."""
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))


@torch.compile
def grad_norm(parameters, scale):
    total = scale * 0
    for p in parameters:
        total = total + p.grad.pow(2).sum()
    return total.sqrt()


for step in range(2):
    model(torch.randn(3, 4)).sum().backward()
    print(float(grad_norm(model.parameters(), torch.ones(()))) > 0)
    model.zero_grad()
