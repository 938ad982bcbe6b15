"""real: model EMA as a global plain object called like a function after each optimizer step (ema(model)): __call__ computes decay = min(self.decay, (1 + self.updates) / (10 + self.updates)) from a Python int counter and lerps the shadow parameters in place under no_grad; the compiled ema call, then the script raises ema.decay for fine-tuning -- YOLOv5 ModelEMA / timm ModelEmaV2."""
import copy
import torch
import torch.nn as nn
torch.manual_seed(0)


class ModelEMA:
    def __init__(self, model, decay=0.9):
        self.ema = copy.deepcopy(model).eval()
        self.decay = decay
        self.updates = 0
        for p in self.ema.parameters():
            p.requires_grad_(False)

    def __call__(self, model):
        self.updates += 1
        d = min(self.decay, (1 + self.updates) / (10 + self.updates))
        with torch.no_grad():
            for e, m in zip(self.ema.parameters(), model.parameters()):
                e.mul_(d).add_(m.detach(), alpha=1 - d)


model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 2))
ema = ModelEMA(model)
opt = torch.optim.SGD(model.parameters(), lr=0.2)
update = torch.compile(lambda m: ema(m))
x = torch.randn(5, 4)
y = torch.randn(5, 2)
for step in range(5):
    if step == 3:
        ema.decay = 0.3
    loss = (model(x) - y).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    update(model)
    print(step, ema.updates, round(loss.item(), 4), round(sum(p.sum() for p in ema.ema.parameters()).item(), 5))
