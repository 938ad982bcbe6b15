"""recomp: forward picks a ModuleDict entry by a string key argument (one entry per key) -- test_modules.py test_moduledict_access by string."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"cls": nn.Linear(4, 3), "reg": nn.Linear(4, 1)})

    def forward(self, x, task):
        return self.heads[task](x).sum(-1)

m = torch.compile(Heads())
for task in ("cls", "reg", "cls", "reg"):
    m(torch.ones(2, 4), task)
