"""recomp: compiled fn called under torch.autocast('cpu') with bfloat16, then float16, then no autocast."""
import torch

torch.manual_seed(0)
w = torch.randn(4, 4)


@torch.compile(backend="eager")
def f(x):
    return (x @ w).float().sum()


x = torch.randn(2, 4)
with torch.autocast("cpu", dtype=torch.bfloat16):
    print(f(x).dtype)
with torch.autocast("cpu", dtype=torch.float16):
    print(f(x).dtype)
print(f(x).dtype)
