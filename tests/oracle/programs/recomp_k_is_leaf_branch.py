"""recomp: the frame branches on x.is_leaf; first a leaf requiring grad, then a non-leaf computed from it, then a leaf again -- test_guard_manager.py tensor property guards."""
import torch


@torch.compile
def fn(x):
    if x.is_leaf:
        return x * 2
    return x + 10


w = torch.ones(3, requires_grad=True)
print(round(fn(w).sum().item(), 4))
print(round(fn(w * 1).sum().item(), 4))
print(round(fn(w).sum().item(), 4))
