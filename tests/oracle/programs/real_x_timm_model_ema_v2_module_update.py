"""real: timm ModelEmaV2 -- a deepcopy of the model kept in eval mode with requires_grad off, _update(model, update_fn) zipping self.module.state_dict().values() with model.state_dict().values() under no_grad and copy_-ing update_fn(e, m) = decay * e + (1 - decay) * m (buffers included), update called after every optimizer step; the training model and the EMA model are each compiled, and validation runs both -- huggingface/pytorch-image-models timm/utils/model_ema.py + train.py."""
from copy import deepcopy
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class ModelEmaV2(nn.Module):
    def __init__(self, model, decay=0.9999, device=None):
        super().__init__()
        self.module = deepcopy(model)
        self.module.eval()
        self.decay = decay
        self.device = device

    def _update(self, model, update_fn):
        with torch.no_grad():
            for ema_v, model_v in zip(self.module.state_dict().values(), model.state_dict().values()):
                ema_v.copy_(update_fn(ema_v, model_v))

    def update(self, model):
        self._update(model, update_fn=lambda e, m: self.decay * e + (1. - self.decay) * m)

    def set(self, model):
        self._update(model, update_fn=lambda e, m: m)


model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
                      nn.Flatten(), nn.Linear(8, 4))
model_ema = ModelEmaV2(model, decay=0.9)
cmodel = torch.compile(model)
cema = torch.compile(model_ema.module)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
for step in range(3):
    x, y = torch.randn(4, 3, 8, 8), torch.randint(0, 4, (4,))
    loss = F.cross_entropy(cmodel(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    model_ema.update(model)
    print(step, round(loss.item(), 4), round(model_ema.module[1].running_mean.sum().item(), 5))
model.eval()
with torch.no_grad():
    x = torch.randn(3, 3, 8, 8)
    print([round(v, 4) for v in cmodel(x)[0].tolist()])
    print([round(v, 4) for v in cema(x)[0].tolist()])
    model_ema.set(model)
    print(torch.allclose(cema(x), cmodel(x)))
