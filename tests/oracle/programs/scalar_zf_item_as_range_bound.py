"""scalar: int(t.item()) used as a python range bound for a loop after the break."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x, n_t):
    n = int(n_t.item())
    y = x
    for _ in range(n):
        y = y * 2
    return y


x = torch.ones(2)
print(f(x, torch.tensor(2)))
print(f(x, torch.tensor(3)))
print(f(x, torch.tensor(4)))
