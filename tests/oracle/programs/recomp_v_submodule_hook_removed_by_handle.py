"""recomp: a forward hook on an inner submodule of a compiled model collects activations for a probe and is removed by its handle; a second hook on another submodule is added afterwards -- test_hooks.py hooks on submodules added/removed."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
cm = torch.compile(model)
x = torch.randn(2, 3)
acts = []
h = model[1].register_forward_hook(lambda m, a, o: o * 0.0)
print(round(cm(x).sum().item(), 4))
h.remove()
print(round(cm(x).sum().item(), 4))
h2 = model[0].register_forward_hook(lambda m, a, o: o + 1.0)
print(round(cm(x).sum().item(), 4))
h2.remove()
print(round(cm(x).sum().item(), 4))
