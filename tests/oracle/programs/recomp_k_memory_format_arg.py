"""recomp: a torch.memory_format argument is passed to .contiguous(memory_format=mf) and the stride is read; later channels_last, then contiguous_format again -- test_guard_serialization.py constant guards on a memory_format input."""
import torch


@torch.compile
def fn(x, mf):
    y = x.contiguous(memory_format=mf)
    return y * y.stride(1)


torch.manual_seed(0)
x = torch.randn(1, 3, 2, 2)
print(round(fn(x, torch.contiguous_format).sum().item(), 4))
print(round(fn(x, torch.channels_last).sum().item(), 4))
print(round(fn(x, torch.contiguous_format).sum().item(), 4))
