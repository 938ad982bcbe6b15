"""misc: the same gradient-norm helper given list(model.parameters()): a list is Dynamo's own, so it iterates with no break -- control for misc_generator_params_input."""
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
params = list(model.parameters())


@torch.compile
def grad_norm(parameters, scale):
    total = scale * 0
    for p in parameters:
        total = total + p.grad.pow(2).sum()
    return total.sqrt()


for step in range(2):
    model(torch.randn(3, 4)).sum().backward()
    print(float(grad_norm(params, torch.ones(()))) > 0)
    model.zero_grad()
