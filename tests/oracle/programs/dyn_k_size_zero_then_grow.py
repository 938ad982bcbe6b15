"""dyn: a tensor of size 0 first, then sizes 2, 3, 4 (0/1 specialisation, then automatic dynamic), the frame branches on numel -- test_dynamic_shapes.py 0/1 specialization."""
import torch


@torch.compile
def fn(x):
    if x.numel() == 0:
        return torch.zeros(1)
    return x.cumsum(0)[-1:] * 2


for n in (0, 2, 3, 4, 0):
    print(n, round(fn(torch.arange(float(n))).sum().item(), 4))
