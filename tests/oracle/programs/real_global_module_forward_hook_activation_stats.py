"""real: activation monitoring turned on mid-training with the global torch.nn.modules.module.register_module_forward_hook (fires for every module): the hook records each Linear output's mean into a dict and, for the last steps, clamps outputs with a returned tensor (hook return value replaces the output); removed for evaluation -- global module hooks as used by activation-statistics / debugging tools (e.g. torch.nn.modules.module global hooks in FSDP/analysis utilities)."""
import torch
import torch.nn as nn
from torch.nn.modules.module import register_module_forward_hook
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
stats = {}
clamp = {"on": False}


def hook(module, inputs, output):
    if isinstance(module, nn.Linear):
        stats[module.out_features] = round(output.detach().mean().item(), 4)
        if clamp["on"]:
            return output.clamp(-0.1, 0.1)
    return None


x = torch.randn(5, 4)
y = torch.randn(5, 2)
handle = None
for step in range(5):
    if step == 2:
        handle = register_module_forward_hook(hook)
    if step == 3:
        clamp["on"] = True
    loss = (cmodel(x) - y).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), sorted(stats.items()))
handle.remove()
with torch.no_grad():
    print("eval", round(cmodel(x).sum().item(), 4))
