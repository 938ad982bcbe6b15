"""real: research-code config as an EasyDict (the easydict package's class, vendored: a dict subclass whose __setattr__ stores every key both as an instance attribute and as a dict item); the compiled train step reads cfg.LOSS.AUX_WEIGHT and cfg.LOSS.LABEL_SMOOTH, which the script changes after the warmup epoch (cfg.LOSS.AUX_WEIGHT = 0.1) -- easydict-based configs (FairMOT, PointRCNN, many CVPR codebases)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class EasyDict(dict):
    def __init__(self, d=None, **kwargs):
        if d is None:
            d = {}
        else:
            d = dict(d)
        if kwargs:
            d.update(**kwargs)
        for k, v in d.items():
            setattr(self, k, v)
        for k in self.__class__.__dict__.keys():
            if not (k.startswith('__') and k.endswith('__')) and not k in ('update', 'pop'):
                setattr(self, k, getattr(self, k))

    def __setattr__(self, name, value):
        if isinstance(value, (list, tuple)):
            value = type(value)(self.__class__(x) if isinstance(x, dict) else x for x in value)
        elif isinstance(value, dict) and not isinstance(value, EasyDict):
            value = EasyDict(value)
        super(EasyDict, self).__setattr__(name, value)
        super(EasyDict, self).__setitem__(name, value)

    __setitem__ = __setattr__

    def update(self, e=None, **f):
        d = e or dict()
        d.update(f)
        for k in d:
            setattr(self, k, d[k])

    def pop(self, k, d=None):
        delattr(self, k)
        return super(EasyDict, self).pop(k, d)


cfg = EasyDict({"LOSS": {"AUX_WEIGHT": 0.4, "LABEL_SMOOTH": 0.0}, "TRAIN": {"LR": 0.1}})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(6, 8)
        self.head = nn.Linear(8, 3)
        self.aux = nn.Linear(8, 3)

    def forward(self, x):
        h = torch.relu(self.body(x))
        return self.head(h), self.aux(h)


model = Net()
opt = torch.optim.SGD(model.parameters(), lr=cfg.TRAIN.LR)


@torch.compile
def compute_loss(x, y):
    out, aux = model(x)
    loss = F.cross_entropy(out, y, label_smoothing=cfg.LOSS.LABEL_SMOOTH)
    return loss + cfg.LOSS.AUX_WEIGHT * F.cross_entropy(aux, y)


x, y = torch.randn(4, 6), torch.tensor([0, 2, 1, 2])
for epoch in range(3):
    if epoch == 1:
        cfg.LOSS.AUX_WEIGHT = 0.1
    if epoch == 2:
        cfg.LOSS.LABEL_SMOOTH = 0.1
    loss = compute_loss(x, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, cfg.LOSS.AUX_WEIGHT, round(loss.item(), 4))
