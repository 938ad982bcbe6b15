"""real: calibration by temperature scaling: a classifier wrapper holds self.temperature as an nn.Parameter fitted with a compiled NLL step, then frozen into a plain Python float (self.temperature = float(self.temperature)) for deployment and called again -- Guo et al. "On Calibration" ModelWithTemperature shape."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class WithTemperature(nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model
        self.temperature = nn.Parameter(torch.ones(1) * 1.5)

    def forward(self, x):
        return self.model(x) / self.temperature


base = nn.Linear(5, 3)
for p in base.parameters():
    p.requires_grad_(False)
wrapped = WithTemperature(base)
cwrapped = torch.compile(wrapped)
x, y = torch.randn(20, 5), torch.randint(0, 3, (20,))
opt = torch.optim.SGD([wrapped.temperature], lr=0.5)
for _ in range(3):
    loss = F.cross_entropy(cwrapped(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
t = round(wrapped.temperature.item(), 4)
del wrapped.temperature
wrapped.temperature = t
with torch.no_grad():
    out = cwrapped(x)
    print(t, round(F.cross_entropy(out, y).item(), 4))
    wrapped.temperature = 1.0
    print(round(F.cross_entropy(cwrapped(x), y).item(), 4))
