"""real: detection classification loss configured as criterion = functools.partial(sigmoid_focal_loss, alpha=..., gamma=..., reduction="mean") (a global the compiled train step calls); for the second stage the script rebuilds the partial with gamma=1.0, then switches to alpha=-1 (no class balancing) -- torchvision.ops.sigmoid_focal_loss used through functools.partial (RetinaNet/FCOS training configs)."""
import functools
import torch
import torch.nn as nn
torch.manual_seed(0)


def sigmoid_focal_loss(inputs, targets, alpha: float = 0.25, gamma: float = 2, reduction: str = "none"):
    p = torch.sigmoid(inputs)
    ce_loss = nn.functional.binary_cross_entropy_with_logits(inputs, targets, reduction="none")
    p_t = p * targets + (1 - p) * (1 - targets)
    loss = ce_loss * ((1 - p_t) ** gamma)
    if alpha >= 0:
        alpha_t = alpha * targets + (1 - alpha) * (1 - targets)
        loss = alpha_t * loss
    if reduction == "mean":
        loss = loss.mean()
    elif reduction == "sum":
        loss = loss.sum()
    return loss


criterion = functools.partial(sigmoid_focal_loss, alpha=0.25, gamma=2.0, reduction="mean")
head = nn.Linear(6, 4)
opt = torch.optim.SGD(head.parameters(), lr=0.5)


@torch.compile
def train_step(x, t):
    return criterion(head(x), t)


x = torch.randn(5, 6)
t = (torch.rand(5, 4) > 0.7).float()
for step in range(4):
    if step == 2:
        criterion = functools.partial(sigmoid_focal_loss, alpha=0.25, gamma=1.0, reduction="mean")
    if step == 3:
        criterion = functools.partial(sigmoid_focal_loss, alpha=-1, gamma=1.0, reduction="mean")
    loss = train_step(x, t)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, criterion.keywords["gamma"], criterion.keywords["alpha"], round(loss.item(), 4))
