"""recomp: copy.copy of a Linear (a shallow copy: its __dict__ is copied, so the _parameters dict and the Parameters are shared) is compiled; the original's weight is edited in place, the copy's weight replaced by a new Parameter, then the original's bias -- test_modules.py copy of a module."""
import copy
import torch
import torch.nn as nn

torch.manual_seed(0)
orig = nn.Linear(2, 2)
dup = copy.copy(orig)
cm = torch.compile(dup)
x = torch.ones(1, 2)
with torch.no_grad():
    print(round(cm(x).sum().item(), 4))
    orig.weight.mul_(2)
    print(round(cm(x).sum().item(), 4))
    dup.weight = nn.Parameter(torch.zeros(2, 2))
    print(round(cm(x).sum().item(), 4), round(orig(x).sum().item(), 4))
    orig.bias = nn.Parameter(torch.full((2,), 3.0))
    print(round(cm(x).sum().item(), 4))
