"""real: EfficientNet MBConv stack whose per-block stochastic-depth rate grows linearly with block index (a float attribute per block), expand ratio 1 skips the expand conv, compiled model trained one step with a fixed seed then evaluated twice -- torchvision efficientnet MBConv / ops.stochastic_depth (inlined)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

def stochastic_depth(input, p: float, mode: str, training: bool = True):
    # torchvision.ops.stochastic_depth
    if p < 0.0 or p > 1.0:
        raise ValueError(f"drop probability has to be between 0 and 1, but got {p}")
    if not training or p == 0.0:
        return input
    survival_rate = 1.0 - p
    size = [input.shape[0]] + [1] * (input.ndim - 1) if mode == "row" else [1] * input.ndim
    noise = torch.empty(size, dtype=input.dtype, device=input.device)
    noise = noise.bernoulli_(survival_rate)
    if survival_rate > 0.0:
        noise.div_(survival_rate)
    return input * noise

class MBConv(nn.Module):
    def __init__(self, cin, cout, expand, sd_prob):
        super().__init__()
        mid = cin * expand
        self.expand = nn.Sequential(nn.Conv2d(cin, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.SiLU()) if expand != 1 else None
        self.dw = nn.Sequential(nn.Conv2d(mid, mid, 3, padding=1, groups=mid, bias=False), nn.BatchNorm2d(mid), nn.SiLU())
        self.se_reduce = nn.Conv2d(mid, max(1, cin // 4), 1)
        self.se_expand = nn.Conv2d(max(1, cin // 4), mid, 1)
        self.project = nn.Sequential(nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout))
        self.use_res = cin == cout
        self.sd_prob = sd_prob

    def forward(self, x):
        h = self.expand(x) if self.expand is not None else x
        h = self.dw(h)
        s = torch.sigmoid(self.se_expand(F.silu(self.se_reduce(F.adaptive_avg_pool2d(h, 1)))))
        h = self.project(h * s)
        if self.use_res:
            h = stochastic_depth(h, self.sd_prob, "row", self.training) + x
        return h

specs = [(4, 4, 1), (4, 4, 4), (4, 6, 4), (6, 6, 4)]
blocks = [MBConv(ci, co, e, 0.2 * i / len(specs)) for i, (ci, co, e) in enumerate(specs)]
model = nn.Sequential(*blocks, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(6, 3))
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(4, 4, 6, 6)
y = torch.tensor([0, 1, 2, 0])
model.train()
loss = F.cross_entropy(cmodel(x), y)
loss.backward()
opt.step()
print("train", round(loss.item(), 3))
model.eval()
with torch.no_grad():
    for _ in range(2):
        print("eval", cmodel(x).argmax(-1).tolist(), round(cmodel(x).sum().item(), 4))
