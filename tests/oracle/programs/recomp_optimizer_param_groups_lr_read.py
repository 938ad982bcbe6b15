"""recomp: a compiled update reads opt.param_groups[i]['lr'] and ['weight_decay'] (two container levels) and a new param group is added later -- test_optimizers.py test_lr_change / test_dicts.py."""
import torch

torch.manual_seed(0)
w = torch.nn.Parameter(torch.ones(3))
v = torch.nn.Parameter(torch.ones(2))
opt = torch.optim.SGD([w], lr=0.1, weight_decay=0.0)


@torch.compile(backend="eager")
def step_size(g):
    total = g * 0
    for group in opt.param_groups:
        total = total + g * group["lr"] + group["weight_decay"]
    return total


g = torch.ones(3)
print(round(step_size(g).sum().item(), 4))
opt.param_groups[0]["lr"] = 0.5
print(round(step_size(g).sum().item(), 4))
opt.add_param_group({"params": [v], "lr": 1.0, "weight_decay": 0.25})
print(round(step_size(g).sum().item(), 4))
