"""dyn: dynamic=True, but the first call has size 1 (specialised), then sizes 2 and 3, then 1 again -- test_dynamic_shapes.py size-one specialisation under dynamic=True."""
import torch


@torch.compile(dynamic=True)
def fn(x):
    return x.view(-1, 1) * x.size(0)


for n in (1, 2, 3, 1):
    print(n, round(fn(torch.ones(n)).sum().item(), 4))
