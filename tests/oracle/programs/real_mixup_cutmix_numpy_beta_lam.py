"""real: mixup/cutmix as in the reference CIFAR code: lam = np.random.beta(alpha, alpha) (NumPy float64, seeded), cutmix box from np.sqrt/np.int64 arithmetic, both passed to a compiled train step that mixes images and targets -- facebookresearch/mixup-cifar10 mixup_data and clovaai/CutMix-PyTorch rand_bbox."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
np.random.seed(0)

model = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def rand_bbox(size, lam):
    W, H = size[2], size[3]
    cut_rat = np.sqrt(1.0 - lam)
    cut_w, cut_h = np.int64(W * cut_rat), np.int64(H * cut_rat)
    cx, cy = W // 2, H // 2
    bbx1, bby1 = np.clip(cx - cut_w // 2, 0, W), np.clip(cy - cut_h // 2, 0, H)
    bbx2, bby2 = np.clip(cx + cut_w // 2, 0, W), np.clip(cy + cut_h // 2, 0, H)
    return bbx1, bby1, bbx2, bby2


@torch.compile
def mixup_step(x, y, lam):
    index = torch.arange(x.size(0) - 1, -1, -1)
    mixed = lam * x + (1 - lam) * x[index]
    out = model(mixed)
    return lam * F.cross_entropy(out, y) + (1 - lam) * F.cross_entropy(out, y[index])


@torch.compile
def cutmix_step(x, y, lam, bbx1, bby1, bbx2, bby2):
    index = torch.arange(x.size(0) - 1, -1, -1)
    x = x.clone()
    x[:, :, bbx1:bbx2, bby1:bby2] = x[index, :, bbx1:bbx2, bby1:bby2]
    lam = 1 - ((bbx2 - bbx1) * (bby2 - bby1) / (x.size(-1) * x.size(-2)))
    out = model(x)
    return lam * F.cross_entropy(out, y) + (1 - lam) * F.cross_entropy(out, y[index])


for step in range(4):
    x, y = torch.randn(4, 3, 6, 6), torch.tensor([0, 1, 2, 0])
    lam = np.random.beta(1.0, 1.0)
    if step % 2 == 0:
        loss = mixup_step(x, y, lam)
    else:
        loss = cutmix_step(x, y, lam, *rand_bbox(x.size(), lam))
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(float(lam), 4), round(loss.item(), 4))
