"""recomp: a compiled step branches on any(p.requires_grad for p in model.parameters()); the model is frozen with requires_grad_(False) between calls, then one layer unfrozen -- test_repros.py requires_grad toggles."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))


@torch.compile
def step(x):
    out = model(x)
    if any(p.requires_grad for p in model.parameters()):
        return out.sum() * 2
    return out.sum()


x = torch.randn(4, 3)
print(round(step(x).item(), 4))
model.requires_grad_(False)
print(round(step(x).item(), 4))
model[2].requires_grad_(True)
print(round(step(x).item(), 4))
