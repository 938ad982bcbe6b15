"""recomp: a torch.device argument is passed to torch.zeros(device=dev) and its type is compared; later a meta device, then a string "cpu" -- test_guard_serialization.py EQUALS_MATCH on a device input."""
import torch


@torch.compile
def fn(x, dev):
    z = torch.zeros(3, device=dev)
    if z.device.type == "meta":
        return z + 1
    return x + z + 2


x = torch.ones(3)
print(round(fn(x, torch.device("cpu")).sum().item(), 4))
out = fn(x, torch.device("meta"))
print(out.device.type, tuple(out.shape))
print(round(fn(x, "cpu").sum().item(), 4))
