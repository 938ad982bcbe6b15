"""scalar: torch.tensor(n) built from a changing int argument inside the frame -- test_unspec.py torch.tensor of unspec int."""
import torch


@torch.compile(backend="eager")
def f(x, n):
    t = torch.tensor(n)
    return x + t


x = torch.zeros(2)
print(f(x, 1))
print(f(x, 2))
print(f(x, 3))
