"""config: with capture_scalar_outputs, two .item() values size a new tensor (torch._check_is_size) that is viewed to (-1, n) with n an int argument; the int changes between calls -- test_view.py test_view_to_2d."""
import torch

torch._dynamo.config.capture_scalar_outputs = True


@torch.compile(fullgraph=True)
def f(t, n):
    u0 = t[0].item()
    u1 = t[1].item()
    torch._check_is_size(u0)
    torch._check_is_size(u1)
    a = torch.ones(u0 * u1)
    return a.view(-1, n)


print(f(torch.tensor([2, 4], dtype=torch.int32), 2).shape)
print(f(torch.tensor([3, 4], dtype=torch.int32), 2).shape)
print(f(torch.tensor([2, 4], dtype=torch.int32), 4).shape)
