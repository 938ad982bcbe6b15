"""skip: helper decorated with torch.autocast("cpu", dtype=bfloat16) with a print break between two matmuls."""
import torch

torch.manual_seed(0)


@torch.autocast("cpu", dtype=torch.bfloat16)
def proj(a, b):
    h = a @ b
    print("half way", h.dtype)
    return h @ b


@torch.compile(backend="eager")
def f(a, b):
    out = proj(a, b)
    return out.float().sum(), out.dtype


a = torch.randn(4, 4)
b = torch.randn(4, 4)
print(f(a, b)[1])
print(f(a, b)[1])
