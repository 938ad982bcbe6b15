"""real: torch.nn.utils.prune.random_unstructured applied to a compiled model's Linear twice (the second prune combines masks in a PruningContainer, replacing the weight_mask buffer), the mask edited in place, then prune.remove -- iterative pruning loops."""
import torch
import torch.nn as nn
import torch.nn.utils.prune as prune

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 1))
cm = torch.compile(model)
x = torch.randn(3, 4)
with torch.no_grad():
    print(round(cm(x).sum().item(), 4))
    prune.random_unstructured(model[0], "weight", amount=0.25)
    print(round(cm(x).sum().item(), 4))
    prune.random_unstructured(model[0], "weight", amount=0.25)
    print(round(cm(x).sum().item(), 4), int(model[0].weight_mask.sum().item()))
    model[0].weight_mask.fill_(1.0)
    print(round(cm(x).sum().item(), 4))
    prune.remove(model[0], "weight")
    model[0].weight.mul_(2)
    print(round(cm(x).sum().item(), 4))
