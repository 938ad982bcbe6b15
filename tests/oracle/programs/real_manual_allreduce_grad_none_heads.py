"""real: multi-task model where only the active task's head gets gradients (others' .grad stay None after zero_grad(set_to_none=True)); a compiled manual all-reduce stand-in averages grads over WORLD_SIZE (global) skipping None grads, then SGD step -- DDP-free data-parallel grad averaging (pytorch/examples dist tutorial average_gradients)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

WORLD_SIZE = 2
trunk = nn.Linear(4, 8)
heads = nn.ModuleDict({"cls": nn.Linear(8, 3), "reg": nn.Linear(8, 1)})
params = list(trunk.parameters()) + list(heads.parameters())
opt = torch.optim.SGD(params, lr=0.1)


@torch.compile
def average_gradients(params):
    for p in params:
        if p.grad is not None:
            p.grad.mul_(1.0 / WORLD_SIZE)


for step, task in enumerate(["cls", "cls", "reg", "cls", "reg"]):
    if step == 3:
        WORLD_SIZE = 4
    x = torch.randn(6, 4)
    h = torch.relu(trunk(x))
    if task == "cls":
        loss = F.cross_entropy(heads["cls"](h), torch.arange(6) % 3)
    else:
        loss = F.mse_loss(heads["reg"](h), torch.ones(6, 1))
    opt.zero_grad(set_to_none=True)
    loss.backward()
    average_gradients(params)
    g = sum(p.grad.abs().sum().item() for p in params if p.grad is not None)
    opt.step()
    print(step, task, round(loss.item(), 4), round(g, 4))
