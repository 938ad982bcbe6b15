"""recomp: a module property computed from a Python list attribute that grows between calls -- test_modules.py test_property / test_input_attr_tracking.py."""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.active = [1]

    @property
    def depth(self):
        return len(self.active) * 2

    def forward(self, x):
        for _ in range(self.depth):
            x = x * 1.5
        return x


m = M()
cm = torch.compile(m)
x = torch.ones(2)
print(round(cm(x).sum().item(), 4))
m.active.append(2)
print(round(cm(x).sum().item(), 4))
m.active[0] = 9
print(round(cm(x).sum().item(), 4))
