"""recomp: the frame reads x.grad and adds it when it is not None; the input's .grad is first None, then set by a backward, then changed in place -- test_guard_manager.py attribute guards on a tensor input."""
import torch


@torch.compile
def fn(x):
    if x.grad is None:
        return x * 1
    return x + x.grad


w = torch.ones(3, requires_grad=True)
print(round(fn(w).sum().item(), 4))
(w * 3).sum().backward()
print(round(fn(w).sum().item(), 4))
with torch.no_grad():
    w.grad.mul_(2)
print(round(fn(w).sum().item(), 4))
w.grad = None
print(round(fn(w).sum().item(), 4))
