"""recomp: a global tensor read by the compiled function gets a new storage via .set_() between calls, first same size, then a longer one -- test_view.py / test_repros.py tensor.set_."""
import torch

W = torch.ones(3)


@torch.compile(backend="eager")
def f(x):
    return (x * W).sum() + W.numel()


x = torch.arange(3.0)
print(f(x).item())
W.set_(torch.full((3,), 2.0))
print(f(x).item())
W.set_(torch.full((4,), 3.0))
print(f(torch.arange(4.0)).item())
