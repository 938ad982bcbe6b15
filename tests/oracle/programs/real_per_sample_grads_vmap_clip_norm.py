"""real: DP-SGD with functorch per-sample gradients: a compiled function computes vmap(grad(loss_fn), in_dims=(None, 0, 0)) over the batch with torch.func.functional_call, clips each sample's gradient to args.max_grad_norm, adds noise_multiplier * max_grad_norm Gaussian noise and averages; the privacy accountant lowers the noise multiplier between steps -- Opacus / torch.func per-sample-grads tutorial."""
import torch
import torch.nn as nn
from torch.func import functional_call, grad, vmap
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))


class Args:
    max_grad_norm = 1.0
    noise_multiplier = 0.5


args = Args()


def loss_fn(params, x, y):
    out = functional_call(model, params, (x.unsqueeze(0),))
    return ((out - y.unsqueeze(0)) ** 2).mean()


@torch.compile
def private_grads(params, x, y, noise):
    per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(params, x, y)
    norms = torch.stack([g.flatten(1).norm(dim=1) for g in per_sample.values()]).norm(dim=0)
    factor = (args.max_grad_norm / (norms + 1e-6)).clamp(max=1.0)
    out = {}
    for (name, g), n in zip(per_sample.items(), noise):
        clipped = (g * factor.view(-1, *([1] * (g.dim() - 1)))).sum(0)
        out[name] = (clipped + args.noise_multiplier * args.max_grad_norm * n) / x.size(0)
    return out


x = torch.randn(5, 3)
y = torch.randn(5, 1)
for step in range(4):
    if step == 2:
        args.noise_multiplier = 0.1
    if step == 3:
        args.max_grad_norm = 0.2
    params = {k: v.detach() for k, v in model.named_parameters()}
    noise = [torch.randn_like(v) for v in params.values()]
    grads = private_grads(params, x, y, noise)
    with torch.no_grad():
        for k, p in model.named_parameters():
            p.sub_(0.5 * grads[k])
    print(step, round(sum(g.sum() for g in grads.values()).item(), 5))
