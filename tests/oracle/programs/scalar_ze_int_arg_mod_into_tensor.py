"""scalar: an int arg reduced with % 3 and multiplied into a tensor; values 2, 3, 5, 9."""
import torch


@torch.compile(backend="eager")
def f(x, n):
    return x * (n % 3)


x = torch.ones(2)
for n in [2, 3, 5, 9]:
    print(f(x, n))
