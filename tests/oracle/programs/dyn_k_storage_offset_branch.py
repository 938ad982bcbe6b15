"""dyn: the frame reads x.storage_offset() of slices of one base tensor and branches on it; the slices start at 0, then 1, then 2 -- test_dynamic_shapes.py / test_misc.py storage offset of slice inputs."""
import torch


@torch.compile
def fn(x):
    if x.storage_offset() > 0:
        return x * 2
    return x + 1


base = torch.arange(8.0)
print(round(fn(base[0:4]).sum().item(), 4))
print(round(fn(base[1:5]).sum().item(), 4))
print(round(fn(base[2:6]).sum().item(), 4))
print(round(fn(base[0:4]).sum().item(), 4))
