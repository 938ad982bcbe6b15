"""branch: while loop whose condition is (x > 0).any() -- data-dependent loop condition in the frame."""
import torch


@torch.compile(backend="eager")
def f(x):
    n = 0
    while (x > 1).any():
        x = x / 2
        n += 1
    return x, n


print(f(torch.tensor([4.0, 1.0])))
print(f(torch.tensor([0.5, 1.0])))
