"""recomp: the frame branches on torch.get_float32_matmul_precision(); the precision is set to "high" between calls, then back -- test_guard_manager.py global state guards."""
import torch


@torch.compile
def fn(x):
    if torch.get_float32_matmul_precision() == "highest":
        return x + 1
    return x * 10


x = torch.ones(3)
print(round(fn(x).sum().item(), 4))
torch.set_float32_matmul_precision("high")
try:
    print(round(fn(x).sum().item(), 4))
finally:
    torch.set_float32_matmul_precision("highest")
print(round(fn(x).sum().item(), 4))
