"""real: mixed-precision training step on CPU: compiled forward+loss under torch.autocast("cpu", bfloat16), a hand-rolled dynamic loss scaler whose scale is a Python float halved on overflow and doubled every growth_interval steps, passed into the compiled step -- torch.amp.GradScaler loop / timm NativeScaler shape."""
import torch
import torch.nn as nn
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 4))
opt = torch.optim.SGD(model.parameters(), lr=0.05)

@torch.compile
def scaled_loss(x, y, scale):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        out = model(x)
        loss = nn.functional.cross_entropy(out.float(), y)
    return loss * scale, loss

class Scaler:
    def __init__(self):
        self.scale, self.growth_interval, self.good = 256.0, 2, 0

    def step(self):
        grads = [p.grad for p in model.parameters()]
        finite = all(torch.isfinite(g).all().item() for g in grads)
        if finite:
            for g in grads:
                g.div_(self.scale)
            opt.step()
            self.good += 1
            if self.good % self.growth_interval == 0:
                self.scale *= 2.0
        else:
            self.scale *= 0.5
        return finite

scaler = Scaler()
x = torch.randn(4, 8)
y = torch.tensor([0, 1, 2, 3])
for step in range(4):
    opt.zero_grad()
    sl, loss = scaled_loss(x, y, scaler.scale)
    sl.backward()
    ok = scaler.step()
    print(step, round(loss.item(), 3), ok, scaler.scale)
