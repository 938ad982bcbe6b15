"""real: ConvNeXt block (depthwise 7x7 conv, channels-last LayerNorm, layer scale gamma, stochastic depth drop_path using torch.rand only when training) compiled, two train steps then eval -- timm ConvNeXt Block / DropPath."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

def drop_path(x, drop_prob: float = 0.0, training: bool = False):
    if drop_prob == 0.0 or not training:
        return x
    keep = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    mask = x.new_empty(shape).bernoulli_(keep)
    return x * mask / keep

class DropPath(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.drop_prob = p

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training)

class Block(nn.Module):
    def __init__(self, dim, dp, ls_init=1e-2):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.pw1 = nn.Linear(dim, 4 * dim)
        self.pw2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(ls_init * torch.ones(dim))
        self.drop_path = DropPath(dp)

    def forward(self, x):
        sc = x
        x = self.dwconv(x).permute(0, 2, 3, 1)
        x = self.pw2(F.gelu(self.pw1(self.norm(x))))
        x = (self.gamma * x).permute(0, 3, 1, 2)
        return sc + self.drop_path(x)

model = nn.Sequential(Block(4, 0.0), Block(4, 0.5))
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(2, 4, 8, 8)
model.train()
for _ in range(2):
    loss = cmodel(x).pow(2).mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    print("train", round(loss.item(), 4))
model.eval()
with torch.no_grad():
    print("eval", round(cmodel(x).sum().item(), 4), round(model(x).sum().item(), 4))
