"""recomp: a torch.dtype argument is used in x.to(dt) and compared to float64; later other dtypes -- test_guard_serialization.py EQUALS_MATCH on a dtype input."""
import torch


@torch.compile
def fn(x, dt):
    y = x.to(dt) / 3
    if dt == torch.float64:
        y = y * 2
    return y


x = torch.arange(4.0)
for dt in (torch.float32, torch.float64, torch.int64, torch.float32):
    y = fn(x, dt)
    print(y.dtype, round(y.sum().item(), 4))
