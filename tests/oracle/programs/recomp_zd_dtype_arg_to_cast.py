"""recomp: a torch.dtype passed as an argument, used in x.to(dtype); it changes between calls -- test_recompiles.py dtype arg guard."""
import torch


@torch.compile(backend="eager")
def f(x, dt):
    return x.to(dt) * 2


x = torch.ones(3)
print(f(x, torch.float64))
print(f(x, torch.float16))
print(f(x, torch.float64))
print(f(x, torch.int32))
