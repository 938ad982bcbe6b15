"""config: with capture_scalar_outputs, two .item() values checked with torch._check(u >= 0) size a 2-D tensor that is viewed to a 1-D length n (an int argument); n and the values change between calls -- test_view.py test_view_to_1d."""
import torch

torch._dynamo.config.capture_scalar_outputs = True


@torch.compile(fullgraph=True)
def f(t, n):
    u0 = t[0].item()
    u1 = t[1].item()
    torch._check(u0 >= 0)
    torch._check(u1 >= 0)
    a = torch.ones(u0, u1)
    return a.view(n) * 2


print(f(torch.tensor([2, 4], dtype=torch.int32), 8).shape)
print(f(torch.tensor([4, 2], dtype=torch.int32), 8).shape)
print(f(torch.tensor([3, 3], dtype=torch.int32), 9).shape)
