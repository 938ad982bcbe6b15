"""real: Cutout regularisation done inside the compiled train step: the hole centre comes from np.random.randint (seeded NumPy global RNG) and the mask is built with np.clip box arithmetic and torch.from_numpy, then the masked batch goes through the model -- uoguelph-mlrg/Cutout util/cutout.py moved into the training step."""
import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)
np.random.seed(0)


class Cutout:
    def __init__(self, n_holes, length):
        self.n_holes = n_holes
        self.length = length

    def apply(self, img):
        h, w = img.size(2), img.size(3)
        mask = np.ones((h, w), np.float32)
        for _ in range(self.n_holes):
            y = np.random.randint(h)
            x = np.random.randint(w)
            y1, y2 = np.clip(y - self.length // 2, 0, h), np.clip(y + self.length // 2, 0, h)
            x1, x2 = np.clip(x - self.length // 2, 0, w), np.clip(x + self.length // 2, 0, w)
            mask[y1:y2, x1:x2] = 0.0
        return img * torch.from_numpy(mask)


model = nn.Sequential(nn.Conv2d(1, 3, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(3, 2))
cutout = Cutout(1, 4)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def train_step(x, y):
    x = cutout.apply(x)
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    return loss, x.sum()


x = torch.arange(64, dtype=torch.float32).view(1, 1, 8, 8).repeat(2, 1, 1, 1) / 64
y = torch.tensor([0, 1])
for step in range(4):
    opt.zero_grad()
    loss, kept = train_step(x, y)
    opt.step()
    print(step, round(loss.item(), 4), round(kept.item(), 4))
