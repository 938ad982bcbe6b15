"""scalar: an int arg used only in tensor arithmetic goes dynamic after one change; a later bool arg."""
import torch


@torch.compile(backend="eager")
def f(x, n):
    return x * n + n // 2


x = torch.ones(2)
for n in [2, 3, 4, 7, True]:
    print(f(x, n))
