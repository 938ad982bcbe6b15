"""recomp: a compiled train step reads the optimizer's param_groups to zero the lr of a frozen group, with a group's 'frozen' flag toggled between steps -- test_recompiles.py dict values read from an object."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 1))
opt = torch.optim.SGD([{"params": model[0].parameters(), "frozen": True},
                       {"params": model[1].parameters(), "frozen": False}], lr=0.5)


@torch.compile
def step(x):
    loss = model(x).pow(2).sum()
    grads = torch.autograd.grad(loss, list(model.parameters()))
    with torch.no_grad():
        i = 0
        for g in opt.param_groups:
            for p in g["params"]:
                if not g["frozen"]:
                    p.sub_(g["lr"] * grads[i])
                i += 1
    return loss


x = torch.ones(1, 2)
print(round(step(x).item(), 4))
print(round(step(x).item(), 4))
opt.param_groups[0]["frozen"] = False
print(round(step(x).item(), 4))
print(round(step(x).item(), 4))
print(round(model[0].weight.sum().item(), 4))
