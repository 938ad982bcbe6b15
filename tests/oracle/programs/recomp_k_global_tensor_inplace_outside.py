"""recomp: the frame reads a global tensor and a global Python float; the tensor is updated in place between calls (no guard needed), then the float is rebound -- test_guard_manager.py tensor vs constant globals."""
import torch

W = torch.ones(3)
ALPHA = 1.0


@torch.compile
def fn(x):
    return x * W + ALPHA


x = torch.ones(3)
print(round(fn(x).sum().item(), 4))
W.add_(1)
print(round(fn(x).sum().item(), 4))
ALPHA = 4.0
print(round(fn(x).sum().item(), 4))
W.mul_(0)
print(round(fn(x).sum().item(), 4))
