"""scalar: an int arg halved with // and added to a tensor; values 2, 3, 4, 7 (dynamic after one change)."""
import torch


@torch.compile(backend="eager")
def f(x, n):
    return x + (n // 2)


x = torch.ones(2)
for n in [2, 3, 4, 7]:
    print(f(x, n))
