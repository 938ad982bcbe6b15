"""nested: a recursive helper whose depth is an int argument; depth changes between calls."""
import torch


def rec(x, n):
    if n == 0:
        return x
    return rec(x * 2, n - 1) + 1


@torch.compile(backend="eager")
def f(x, n):
    return rec(x, n)


x = torch.ones(2)
print(f(x, 2))
print(f(x, 3))
print(f(x, 4))
print(f(x, 2))
