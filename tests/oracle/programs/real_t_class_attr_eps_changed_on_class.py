"""real: a custom RMSNorm whose epsilon is a class attribute (RMSNorm.eps, shared by every instance, like a library-wide default) read as self.eps inside forward; the user lowers it on the class for a bf16-free fp32 run after the first calls -- library defaults patched on the class between calls."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class RMSNorm(nn.Module):
    eps = 1e-1

    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class Block(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.norm1 = RMSNorm(d)
        self.fc = nn.Linear(d, d)
        self.norm2 = RMSNorm(d)

    def forward(self, x):
        return self.norm2(x + self.fc(self.norm1(x)))


model = Block().eval()
cmodel = torch.compile(model)
x = torch.randn(2, 8) * 0.1
with torch.no_grad():
    a = cmodel(x)
    print(round(a.abs().sum().item(), 4))
    RMSNorm.eps = 1e-6
    b = cmodel(x)
    print(round(b.abs().sum().item(), 4), round(model(x).abs().sum().item(), 4))
    model.norm2.eps = 1e-1
    c = cmodel(x)
    print(round(c.abs().sum().item(), 4), round(model(x).abs().sum().item(), 4))
