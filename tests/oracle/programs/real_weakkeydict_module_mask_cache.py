"""real: structured-sparsity masks kept outside the modules in a global weakref.WeakKeyDictionary keyed by the Linear module (so masks die with their layers, as some pruning/sparsity libraries do); the compiled forward multiplies each weight by _MASKS.get(layer, None) when present; the pruning schedule first adds a mask for fc1, then replaces it with a sparser one, then adds one for fc2 -- weak-keyed per-module side tables in pruning utilities."""
import weakref
import torch
import torch.nn as nn
torch.manual_seed(0)

_MASKS = weakref.WeakKeyDictionary()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(6, 6)
        self.fc2 = nn.Linear(6, 2)

    def masked(self, layer, x):
        mask = _MASKS.get(layer, None)
        w = layer.weight if mask is None else layer.weight * mask
        return nn.functional.linear(x, w, layer.bias)

    def forward(self, x):
        return self.masked(self.fc2, torch.relu(self.masked(self.fc1, x)))


model = Net()
cmodel = torch.compile(model)
x = torch.randn(3, 6)
with torch.no_grad():
    print("dense", round(cmodel(x).sum().item(), 5))
    _MASKS[model.fc1] = (torch.arange(36).view(6, 6) % 2 == 0).float()
    print("fc1 50%", round(cmodel(x).sum().item(), 5))
    _MASKS[model.fc1] = (torch.arange(36).view(6, 6) % 4 == 0).float()
    print("fc1 75%", round(cmodel(x).sum().item(), 5))
    _MASKS[model.fc2] = torch.ones(2, 6).tril()
    print("fc2 too", round(cmodel(x).sum().item(), 5))
