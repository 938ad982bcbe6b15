"""recomp: a function making a factory tensor is compiled; called plainly, then under `with torch.device("cpu")` (a DeviceContext torch function mode on the stack), then plainly again -- test_modes.py torch function mode stack guards / default device."""
import torch


@torch.compile
def f(x):
    return x + torch.ones(2)


x = torch.zeros(2)
print(f(x).tolist())
with torch.device("cpu"):
    print(f(x).tolist())
print(f(x).tolist())
with torch.device("cpu"):
    print(f(x).tolist())
