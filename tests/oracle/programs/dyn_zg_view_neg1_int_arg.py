"""dyn: x.view(-1, n) with python int n argument and growing tensor length, reduced over the last dim."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x, n):
    return x.view(-1, n).sum(-1)


print(f(torch.ones(12), 3))
print(f(torch.ones(12), 4))
print(f(torch.ones(24), 6))
print(f(torch.ones(30), 5))
