"""recomp: torch.nn.utils.prune applied to an inner Linear between calls (weight becomes weight_orig * weight_mask via a pre-hook) -- test_modules.py test_prune / test_buffers_override.py."""
import torch
import torch.nn as nn
import torch.nn.utils.prune as prune

torch.manual_seed(0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 2)

    def forward(self, x):
        return self.b(self.a(x).relu())


m = M()
cm = torch.compile(m)
x = torch.ones(2, 4)
with torch.no_grad():
    print(round(cm(x).sum().item(), 4))
    prune.l1_unstructured(m.a, name="weight", amount=0.5)
    print(round(cm(x).sum().item(), 4))
    m.a.weight_mask.zero_()
    print(round(cm(x).sum().item(), 4))
