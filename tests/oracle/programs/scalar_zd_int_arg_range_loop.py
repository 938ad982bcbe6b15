"""scalar: an int argument drives a python range loop; the int changes each call -- test_unspec.py int specialization."""
import torch


@torch.compile(backend="eager")
def f(x, n):
    for i in range(n):
        x = x + i
    return x


x = torch.zeros(2)
print(f(x, 2))
print(f(x, 3))
print(f(x, 4))
print(f(x, 3))
