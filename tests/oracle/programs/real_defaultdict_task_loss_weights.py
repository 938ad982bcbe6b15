"""real: multi-task loss weighting with a collections.defaultdict(lambda: 1.0) of per-task weights read inside the compiled loss for every task name in the batch; tasks without an explicit weight get (and insert) the default, and the script later sets an explicit weight for one task after a validation check (loss_weights["depth"] = 0.2) -- multi-task training loops with defaultdict weight tables (MTI-Net / LibMTL-style)."""
import collections
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

loss_weights = collections.defaultdict(lambda: 1.0)
loss_weights["seg"] = 0.5
trunk = nn.Linear(4, 8)
heads = nn.ModuleDict({"seg": nn.Linear(8, 3), "depth": nn.Linear(8, 1)})
opt = torch.optim.SGD(list(trunk.parameters()) + list(heads.parameters()), lr=0.1)


@torch.compile
def multitask_loss(x, targets):
    f = torch.relu(trunk(x))
    total = 0.0
    for task, tgt in targets.items():
        out = heads[task](f)
        if task == "seg":
            l = F.cross_entropy(out, tgt)
        else:
            l = F.l1_loss(out.squeeze(-1), tgt)
        total = total + loss_weights[task] * l
    return total


x = torch.randn(4, 4)
targets = {"seg": torch.tensor([0, 1, 2, 1]), "depth": torch.rand(4)}
for step in range(3):
    if step == 2:
        loss_weights["depth"] = 0.2
    loss = multitask_loss(x, targets)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, dict(sorted(loss_weights.items())), round(loss.item(), 4))
