"""real: mixup training step compiled with the mixing coefficient read from argparse-style args (args.mixup_lam, a Python float set each step from a fixed schedule) and mixed targets y_a/y_b; args.mixup turned off for the last steps -- mixup (facebookresearch/mixup-cifar10 mixup_data/mixup_criterion)."""
import argparse
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

parser = argparse.ArgumentParser()
parser.add_argument("--mixup", action="store_true")
parser.add_argument("--mixup-lam", type=float, default=1.0)
args = parser.parse_args(["--mixup", "--mixup-lam", "0.7"])
model = nn.Sequential(nn.Flatten(), nn.Linear(12, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def train_step(x, y):
    if args.mixup:
        lam = args.mixup_lam
        index = torch.arange(x.size(0) - 1, -1, -1)
        x = lam * x + (1 - lam) * x[index]
        out = model(x)
        loss = lam * F.cross_entropy(out, y) + (1 - lam) * F.cross_entropy(out, y[index])
    else:
        loss = F.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.detach()


for step, lam in enumerate([0.7, 0.7, 0.3, 0.9, None]):
    if lam is None:
        args.mixup = False
    else:
        args.mixup_lam = lam
    x, y = torch.randn(4, 3, 4), torch.tensor([0, 1, 2, 1])
    print(step, round(train_step(x, y).item(), 4))
