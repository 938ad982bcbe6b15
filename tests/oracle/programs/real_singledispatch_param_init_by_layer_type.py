"""real: a re-initialisation routine written with functools.singledispatch (reinit(module) dispatching on the layer class: Linear gets a scaled normal, default does nothing) called for every child inside a compiled shrink-and-perturb step (new_w = shrink * w + perturb * reinit(w)); later the project registers a LayerNorm handler with reinit.register(nn.LayerNorm) -- shrink-and-perturb warm starting (Ash & Adams 2020) with a singledispatch init table."""
import functools
import torch
import torch.nn as nn
torch.manual_seed(0)


@functools.singledispatch
def reinit(module):
    return None


@reinit.register(nn.Linear)
def _(module):
    return torch.ones_like(module.weight) * 0.1


model = nn.Sequential(nn.Linear(4, 6), nn.LayerNorm(6), nn.Linear(6, 2))


@torch.compile
def shrink_perturb(shrink, perturb):
    with torch.no_grad():
        for m in model:
            noise = reinit(m)
            if noise is not None:
                m.weight.mul_(shrink).add_(noise * perturb)


x = torch.randn(3, 4)
for rnd in range(4):
    if rnd == 2:
        @reinit.register(nn.LayerNorm)
        def _(module):
            return torch.full_like(module.weight, -0.5)
    shrink_perturb(0.5, 1.0)
    print(rnd, round(model(x).sum().item(), 5), round(model[1].weight.sum().item(), 5))
