"""recomp: a module holds a plain dict attribute self.d whose "k" entry is a float read in forward; the entry is changed, then a new dict is assigned -- test_guard_serialization.py ModWithDict / test_guard_manager.py dict tag guards."""
import torch


class ModWithDict(torch.nn.Module):
    def __init__(self, d):
        super().__init__()
        self.d = d

    def forward(self, x):
        return x * self.d["k"] + len(self.d)


m = ModWithDict({"k": 2.0})
cm = torch.compile(m)
x = torch.ones(3)
print(round(cm(x).sum().item(), 4))
m.d["k"] = 3.0
print(round(cm(x).sum().item(), 4))
m.d["z"] = None
print(round(cm(x).sum().item(), 4))
m.d = {"k": 3.0, "z": None}
print(round(cm(x).sum().item(), 4))
