"""scalar: an int arg used both in arithmetic and as range() bound -- range forces specialization."""
import torch


@torch.compile(backend="eager")
def f(x, n):
    y = x * n
    for i in range(n):
        y = y + i
    return y


x = torch.ones(2)
for n in [2, 3, 4, 3]:
    print(f(x, n))
