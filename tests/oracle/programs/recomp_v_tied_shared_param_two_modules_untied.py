"""recomp: one Parameter shared by two Linear layers; an in-place update shows in both, then the second is untied with a clone and only the first is updated -- test_repros.py shared parameters aliasing."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Twice(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(2, 2, bias=False)
        self.l2 = nn.Linear(2, 2, bias=False)
        with torch.no_grad():
            self.l1.weight.copy_(torch.eye(2))
        self.l2.weight = self.l1.weight

    def forward(self, x):
        return self.l2(self.l1(x))


m = Twice()
cm = torch.compile(m)
x = torch.tensor([[1.0, 2.0]])
print(cm(x).tolist())
with torch.no_grad():
    m.l1.weight.mul_(2)
print(cm(x).tolist())
m.l2.weight = nn.Parameter(m.l1.weight.detach().clone())
with torch.no_grad():
    m.l1.weight.mul_(3)
print(cm(x).tolist())
m.l2.weight = m.l1.weight
print(cm(x).tolist())
