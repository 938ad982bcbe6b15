"""dyn: the frame adds x.storage_offset() to x; slices of one base at offsets 0, 2, 3 (automatic dynamic on the offset) -- test_unspec.py / test_dynamic_shapes.py storage offset used as a value."""
import torch


@torch.compile
def fn(x):
    return x + x.storage_offset()


base = torch.zeros(10)
for off in (0, 2, 3, 5):
    print(off, round(fn(base[off:off + 4]).sum().item(), 4))
