"""real: compiled train step with clip_grad_norm_(max_norm=cfg.clip_grad) where cfg is an AttrDict (dict subclass with __getattr__) whose value is changed mid-training -- timm/detectron-style AttrDict config + gradient clipping."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class AttrDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name)

    def __setattr__(self, name, value):
        self[name] = value


cfg = AttrDict(clip_grad=1.0, lr=0.5)
model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=cfg.lr)


@torch.compile
def train_step(x, y):
    opt.zero_grad()
    loss = F.mse_loss(model(x), y)
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=cfg.clip_grad)
    opt.step()
    return loss.detach(), norm


for step in range(4):
    if step == 2:
        cfg.clip_grad = 0.05
    x = torch.randn(8, 4) * 3
    y = x.sum(1, keepdim=True) * 5
    loss, norm = train_step(x, y)
    print(step, round(loss.item(), 3), round(norm.item(), 3))
print(round(sum(p.sum().item() for p in model.parameters()), 4))
