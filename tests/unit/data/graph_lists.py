import torch


@torch.compile
def f(x, mask):
    a, b = torch.split(x, 2, dim=1)
    parts = torch.unbind(a, 0)
    y = torch.cat([parts[0], b[1], parts[1]]).reshape(2, 3)
    y = torch.nn.functional.softmax(y, dim=-1)
    z = torch.where(mask, y, torch.zeros_like(y))
    return z.sum(dim=[0], keepdim=True), z.amax(dim=1)


x = torch.arange(12.0).reshape(3, 4)
print(f(x, torch.tensor([[True, False, True]] * 2)))
