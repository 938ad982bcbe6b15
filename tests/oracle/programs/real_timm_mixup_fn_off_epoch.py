"""real: timm-style Mixup as a global callable object (mixup_fn(x, target) mixes the batch with the flipped batch and builds smoothed one-hot targets from self.lam, self.label_smoothing, self.num_classes) called inside the compiled train step; at the mixup-off epoch the script sets mixup_fn.mixup_enabled = False, then lowers label_smoothing -- timm train.py mixup_off_epoch / timm.data.Mixup."""
import torch
import torch.nn as nn
torch.manual_seed(0)


def one_hot(x, num_classes, on_value=1.0, off_value=0.0):
    x = x.long().view(-1, 1)
    return torch.full((x.size(0), num_classes), off_value).scatter_(1, x, on_value)


def mixup_target(target, num_classes, lam=1.0, smoothing=0.0):
    off_value = smoothing / num_classes
    on_value = 1.0 - smoothing + off_value
    y1 = one_hot(target, num_classes, on_value=on_value, off_value=off_value)
    y2 = one_hot(target.flip(0), num_classes, on_value=on_value, off_value=off_value)
    return y1 * lam + y2 * (1.0 - lam)


class Mixup:
    def __init__(self, lam=0.7, label_smoothing=0.1, num_classes=5):
        self.lam = lam
        self.label_smoothing = label_smoothing
        self.num_classes = num_classes
        self.mixup_enabled = True

    def _params_per_batch(self):
        return self.lam if self.mixup_enabled else 1.0

    def __call__(self, x, target):
        lam = self._params_per_batch()
        if lam != 1.0:
            x = x * lam + x.flip(0) * (1.0 - lam)
        target = mixup_target(target, self.num_classes, lam, self.label_smoothing)
        return x, target


class SoftTargetCrossEntropy(nn.Module):
    def forward(self, x, target):
        return torch.sum(-target * torch.log_softmax(x, dim=-1), dim=-1).mean()


model = nn.Sequential(nn.Linear(6, 8), nn.GELU(), nn.Linear(8, 5))
criterion = SoftTargetCrossEntropy()
mixup_fn = Mixup()
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def train_step(x, y):
    x, y = mixup_fn(x, y)
    loss = criterion(model(x), y)
    loss.backward()
    return loss


x = torch.randn(4, 6)
y = torch.tensor([0, 1, 2, 3])
for epoch in range(4):
    if epoch == 2:
        mixup_fn.mixup_enabled = False
    if epoch == 3:
        mixup_fn.label_smoothing = 0.0
    opt.zero_grad()
    loss = train_step(x, y)
    opt.step()
    print(epoch, round(loss.item(), 4))
