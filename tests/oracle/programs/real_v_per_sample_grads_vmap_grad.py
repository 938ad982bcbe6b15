"""real: per-sample gradients with vmap(grad(functional_call)) compiled; the model's parameters are updated in place by an optimizer between calls -- torch.func per-sample-grads tutorial."""
import torch
import torch.nn as nn
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
model = nn.Linear(3, 1)


def loss_fn(params, x, y):
    out = functional_call(model, params, (x.unsqueeze(0),))
    return ((out - y) ** 2).mean()


@torch.compile
def per_sample(params, xs, ys):
    return vmap(grad(loss_fn), in_dims=(None, 0, 0))(params, xs, ys)


xs, ys = torch.randn(4, 3), torch.randn(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(3):
    params = {k: v.detach() for k, v in model.named_parameters()}
    g = per_sample(params, xs, ys)
    print(step, tuple(g["weight"].shape), round(g["weight"].sum().item(), 4))
    opt.zero_grad()
    model.weight.grad = g["weight"].mean(0)
    model.bias.grad = g["bias"].mean(0)
    opt.step()
