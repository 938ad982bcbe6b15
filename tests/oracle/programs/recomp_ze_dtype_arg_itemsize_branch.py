"""recomp: a dtype arg whose itemsize picks a branch; float16 then bfloat16 (same itemsize), then float64."""
import torch


@torch.compile(backend="eager")
def f(x, dt):
    if dt.itemsize <= 2:
        return x.to(dt).float() + 1
    return x.to(dt) * 2


x = torch.ones(2)
print(f(x, torch.float16))
print(f(x, torch.bfloat16))
print(f(x, torch.float64))
