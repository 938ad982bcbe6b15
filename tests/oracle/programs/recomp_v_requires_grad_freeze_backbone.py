"""recomp: fine-tuning freezes the backbone with requires_grad_(False) between compiled calls, then unfreezes it; the grads each call leaves show which parameters trained -- test_recompiles.py requires_grad change."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
cm = torch.compile(model)
x = torch.randn(5, 3)


def step():
    model.zero_grad(set_to_none=True)
    loss = cm(x).pow(2).mean()
    loss.backward()
    return round(loss.item(), 4), [p.grad is not None for p in model.parameters()]


print(step())
model[0].requires_grad_(False)
print(step())
model.requires_grad_(False)
out = cm(x)
print(out.requires_grad, round(out.sum().item(), 4))
model.requires_grad_(True)
print(step())
