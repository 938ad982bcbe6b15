"""real: EMA helper object whose compiled update() reads self.decay (a Python float attribute re-set by a warmup schedule each step) and self.num_updates (int), updating shadow params with lerp_ under no_grad -- timm ModelEmaV3 / diffusers EMAModel.step shape."""
import copy
import torch
import torch.nn as nn
torch.manual_seed(0)


class EMA:
    def __init__(self, model, max_decay=0.99):
        self.shadow = copy.deepcopy(model).eval()
        for p in self.shadow.parameters():
            p.requires_grad_(False)
        self.max_decay = max_decay
        self.decay = 0.0
        self.num_updates = 0

    def get_decay(self):
        step = self.num_updates
        return min(self.max_decay, (1 + step) / (10 + step))

    @torch.no_grad()
    def update(self, model):
        for s, p in zip(self.shadow.parameters(), model.parameters()):
            s.lerp_(p, 1.0 - self.decay)
        self.num_updates += 1


model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
ema = EMA(model)
ema.update = torch.compile(ema.update)
opt = torch.optim.SGD(model.parameters(), lr=0.2)
x, y = torch.randn(16, 4), torch.randn(16, 1)
for step in range(5):
    loss = (model(x) - y).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    ema.decay = ema.get_decay()
    ema.update(model)
diff = sum((a - b).abs().sum() for a, b in zip(ema.shadow.parameters(), model.parameters()))
print(ema.num_updates, round(ema.decay, 4), round(diff.item(), 4))
