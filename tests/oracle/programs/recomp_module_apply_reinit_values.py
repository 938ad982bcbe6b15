"""recomp: parameters are reinitialised in place (module.apply, load_state_dict) between calls: values change, no guard should fail -- test_modules.py module attributes changed after compile."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
cm = torch.compile(model)
x = torch.randn(2, 3)
print(round(cm(x).sum().item(), 4))


def init(mod):
    if isinstance(mod, nn.Linear):
        with torch.no_grad():
            mod.weight.fill_(0.5)
            mod.bias.fill_(0.25)


model.apply(init)
print(round(cm(x).sum().item(), 4))
sd = {k: torch.full_like(v, -0.1) for k, v in model.state_dict().items()}
model.load_state_dict(sd)
print(round(cm(x).sum().item(), 4))
