"""real: model ensembling with torch.func.stack_module_state and vmap over functional_call, compiled; the ensemble weights are updated in place, then the ensemble is rebuilt with more members -- torch.func ensembling tutorial."""
import copy
import torch
import torch.nn as nn
from torch.func import stack_module_state, functional_call

torch.manual_seed(0)


def make():
    return nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))


models = [make() for _ in range(3)]
params, buffers = stack_module_state(models)
base = copy.deepcopy(models[0]).to("meta")


def one(p, b, x):
    return functional_call(base, (p, b), (x,))


@torch.compile
def ensemble(params, buffers, x):
    return torch.vmap(one, in_dims=(0, 0, None))(params, buffers, x)


x = torch.randn(5, 3)
print(tuple(ensemble(params, buffers, x).shape), round(ensemble(params, buffers, x).sum().item(), 4))
with torch.no_grad():
    for v in params.values():
        v.mul_(0.5)
print(round(ensemble(params, buffers, x).sum().item(), 4))
models.append(make())
params, buffers = stack_module_state(models)
out = ensemble(params, buffers, x)
print(tuple(out.shape), round(out.sum().item(), 4))
