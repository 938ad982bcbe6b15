"""misc: sorted() over a list of tensors with a key lambda that reads each tensor's shape."""
import torch


@torch.compile(backend="eager")
def f(xs):
    ys = sorted(xs, key=lambda t: t.shape[0])
    return torch.cat([y * (i + 1) for i, y in enumerate(ys)])


a, b, c = torch.ones(3), torch.ones(1), torch.ones(2)
print(f([a, b, c]))
print(f([b, c, a]))
print(f([a, b, c]))
