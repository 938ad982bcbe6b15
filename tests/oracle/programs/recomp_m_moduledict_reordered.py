"""recomp: forward iterates an nn.ModuleDict in order; an entry is popped and re-inserted (order changes) between calls -- test_modules.py test_moduledict_iteration."""
import torch
import torch.nn as nn


class AddK(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def forward(self, x):
        return x + self.k


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.steps = nn.ModuleDict({"add": AddK(3.0), "sq": nn.Identity()})

    def forward(self, x):
        for name, mod in self.steps.items():
            x = mod(x) if name != "sq" else x * x
        return x


m = M()
cm = torch.compile(m)
x = torch.arange(3.0)
print(cm(x).tolist())
add = m.steps.pop("add")
m.steps["add"] = add
print(cm(x).tolist())
