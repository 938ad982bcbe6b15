"""dyn: torch.nonzero has a data-dependent output size: a break, then the resume branches on the count."""
import torch


@torch.compile(backend="eager")
def f(x):
    y = x * 2
    idx = torch.nonzero(y > 1)
    if idx.shape[0] > 2:
        return y.sum() + idx.shape[0]
    return y.sum()


print(f(torch.tensor([0.0, 1.0, 2.0, 3.0])))
print(f(torch.tensor([0.0, 0.0, 0.0, 3.0])))
print(f(torch.tensor([1.0, 1.0, 2.0, 3.0])))
