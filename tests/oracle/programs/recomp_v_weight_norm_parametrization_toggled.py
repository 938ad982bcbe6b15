"""recomp: torch.nn.utils.parametrizations.weight_norm applied to a compiled conv between calls, its magnitude edited, then removed with remove_parametrizations -- test_modules.py weight_norm parametrization."""
import torch
import torch.nn as nn
from torch.nn.utils.parametrizations import weight_norm
from torch.nn.utils.parametrize import remove_parametrizations

torch.manual_seed(0)
conv = nn.Conv1d(2, 3, 3, padding=1)
cm = torch.compile(conv)
x = torch.randn(1, 2, 5)
print(round(cm(x).sum().item(), 4))
weight_norm(conv)
print(round(cm(x).sum().item(), 4))
with torch.no_grad():
    conv.parametrizations.weight.original0.fill_(2.0)
print(round(cm(x).sum().item(), 4))
remove_parametrizations(conv, "weight")
print(round(cm(x).sum().item(), 4), hasattr(conv, "parametrizations"))
