"""recomp: the frame branches on torch.is_anomaly_enabled(); anomaly detection is switched on between calls, then off -- test_guard_manager.py global state read in a frame."""
import torch


@torch.compile
def fn(x):
    if torch.is_anomaly_enabled():
        return x * 100
    return x + 1


x = torch.ones(3)
print(round(fn(x).sum().item(), 4))
torch.autograd.set_detect_anomaly(True)
print(round(fn(x).sum().item(), 4))
torch.autograd.set_detect_anomaly(False)
print(round(fn(x).sum().item(), 4))
