"""recomp: a global dict keyed by (name, tensor) tuples -- tensors hash by identity -- is indexed with a global KEY tensor; KEY is rebound to the other key tensor, then the table's value is replaced -- test_dicts.py tensor keys in tuple keys."""
import torch

K1 = torch.tensor([1.0])
K2 = torch.tensor([1.0])
TABLE = {("w", K1): torch.tensor([2.0, 3.0]), ("w", K2): torch.tensor([-1.0, -1.0])}
KEY = K1


@torch.compile
def f(x):
    return x * TABLE[("w", KEY)] + KEY


x = torch.ones(2)
print(f(x).tolist())
KEY = K2
print(f(x).tolist())
TABLE[("w", K2)] = torch.tensor([7.0, 8.0])
print(f(x).tolist())
K2.fill_(100.0)
print(f(x).tolist())
