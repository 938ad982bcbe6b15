"""real: ModelEmaV3-style EMA: a compiled update method using torch._foreach_mul_/_foreach_add_ with a warmup decay computed from self.updates (Python int attribute), then the compiled EMA model evaluated after each update -- timm ModelEmaV3 / diffusers EMAModel shape."""
import copy
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class ModelEma(nn.Module):
    def __init__(self, model, decay=0.9, warmup=True):
        super().__init__()
        self.module = copy.deepcopy(model).eval()
        for p in self.module.parameters():
            p.requires_grad_(False)
        self.decay = decay
        self.warmup = warmup
        self.updates = 0

    def get_decay(self):
        if self.warmup:
            return min(self.decay, (1 + self.updates) / (10 + self.updates))
        return self.decay

    @torch.no_grad()
    def update(self, model):
        self.updates += 1
        d = self.get_decay()
        ema_p = list(self.module.parameters())
        model_p = [p.detach() for p in model.parameters()]
        torch._foreach_mul_(ema_p, d)
        torch._foreach_add_(ema_p, model_p, alpha=1 - d)

    def forward(self, x):
        return self.module(x)


model = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 3))
ema = ModelEma(model)
update = torch.compile(ema.update)
ema_eval = torch.compile(ema)
opt = torch.optim.SGD(model.parameters(), lr=0.2)
xval = torch.randn(4, 5)
for step in range(4):
    x, y = torch.randn(6, 5), torch.randint(0, 3, (6,))
    loss = F.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step == 2:
        ema.warmup = False
    update(model)
    with torch.no_grad():
        print(step, ema.updates, round(ema_eval(xval).sum().item(), 4))
