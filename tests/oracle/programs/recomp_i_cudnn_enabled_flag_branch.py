"""recomp: the frame branches on torch.backends.cudnn.enabled, which is toggled from outside between calls (directly and with torch.backends.cudnn.flags(enabled=False)) -- test_ctx_manager.py torch.backends flags context managers."""
import torch


@torch.compile
def f(x):
    if torch.backends.cudnn.enabled:
        return x + 1
    return x - 1


x = torch.ones(3)
print(round(f(x).sum().item(), 4))
with torch.backends.cudnn.flags(enabled=False):
    print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
torch.backends.cudnn.enabled = False
print(round(f(x).sum().item(), 4))
torch.backends.cudnn.enabled = True
