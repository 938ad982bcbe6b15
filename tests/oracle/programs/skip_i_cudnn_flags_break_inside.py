"""skip: a graph break (print) inside `with torch.backends.cudnn.flags(enabled=False, deterministic=True)` in the frame -- test_ctx_manager.py graph break inside a torch.backends flags context manager."""
import torch


@torch.compile
def f(x):
    y = x.sin()
    with torch.backends.cudnn.flags(enabled=False, deterministic=True):
        y = y * 2
        print("inside flags", torch.backends.cudnn.deterministic)
        y = y + 1
    return y.cos()


x = torch.ones(3)
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
