"""scalar: without capture_scalar_outputs, .item() values size a tensor that is then viewed to a 1-D int length; the .item() breaks the graph -- test_view.py test_view_to_1d (default config)."""
import torch


@torch.compile
def f(t, n):
    u0 = t[0].item()
    u1 = t[1].item()
    a = torch.ones(u0, u1)
    return a.view(n) * 2


print(f(torch.tensor([2, 4], dtype=torch.int32), 8).shape)
print(f(torch.tensor([2, 4], dtype=torch.int32), 8).shape)
print(f(torch.tensor([3, 3], dtype=torch.int32), 9).shape)
