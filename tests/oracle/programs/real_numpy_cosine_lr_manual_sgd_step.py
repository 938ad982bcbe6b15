"""real: a cosine learning-rate schedule precomputed with NumPy (np.cos over np.arange, an array of np.float64) and the per-step value passed as lr to a compiled manual SGD-with-weight-decay step (p.mul_(1 - lr * wd); p.add_(p.grad, alpha=-lr) under no_grad) -- timm/MAE-style cosine_scheduler arrays indexed per iteration."""
import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)


def cosine_scheduler(base_value, final_value, iters):
    it = np.arange(iters)
    return final_value + 0.5 * (base_value - final_value) * (1 + np.cos(np.pi * it / len(it)))


model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 1))
lr_schedule = cosine_scheduler(0.1, 0.001, 4)
wd_schedule = cosine_scheduler(0.04, 0.4, 4)


@torch.compile
def sgd_step(params, lr, wd):
    with torch.no_grad():
        for p in params:
            p.mul_(1 - lr * wd)
            p.add_(p.grad, alpha=-lr)


x = torch.randn(8, 4)
y = torch.randn(8, 1)
params = list(model.parameters())
for it in range(4):
    loss = (model(x) - y).pow(2).mean()
    for p in params:
        p.grad = None
    loss.backward()
    sgd_step(params, lr_schedule[it], wd_schedule[it])
    print(it, round(float(lr_schedule[it]), 5), round(loss.item(), 5), round(params[0].sum().item(), 5))
