"""recomp: decoder weight tied to the encoder's Parameter (same object), then untied with a copy that is then changed -- test_repros.py tied weights / aliasing parameters."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class AE(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(4, 4, bias=False)
        self.dec = nn.Linear(4, 4, bias=False)
        self.dec.weight = self.enc.weight

    def forward(self, x):
        return self.dec(torch.tanh(self.enc(x)))


m = AE()
cm = torch.compile(m)
x = torch.randn(2, 4)
print(round(cm(x).sum().item(), 4))
with torch.no_grad():
    m.enc.weight.mul_(2)
print(round(cm(x).sum().item(), 4))
m.dec.weight = nn.Parameter(m.enc.weight.detach().clone())
with torch.no_grad():
    m.enc.weight.mul_(0.5)
print(round(cm(x).sum().item(), 4))
