"""recomp: the same function called with requires_grad False, then True, then under no_grad -- test_recompiles.py requires_grad guard."""
import torch


@torch.compile(backend="eager")
def f(x):
    return (x * 2).sum()


a = torch.ones(3)
b = torch.ones(3, requires_grad=True)
print(f(a))
print(f(b))
with torch.no_grad():
    print(f(b))
print(f(a))
