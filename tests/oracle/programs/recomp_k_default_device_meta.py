"""recomp: the frame builds torch.ones(3) with no device; the default device is switched to meta between calls, then back to cpu -- test_guard_serialization.py test_default_device."""
import torch


@torch.compile
def fn(n):
    t = torch.ones(3)
    return t * n, t.device.type


print(fn(2)[1], round(fn(2)[0].sum().item(), 4))
torch.set_default_device("meta")
try:
    out, dev = fn(2)
    print(dev, tuple(out.shape))
finally:
    torch.set_default_device("cpu")
out, dev = fn(2)
print(dev, round(out.sum().item(), 4))
