"""recomp: the compiled function reads a global view V = BASE[1:]; BASE is edited in place (V sees it), then BASE is rebound (V keeps the old storage), then V is re-made from the new BASE -- test_repros.py views of globals."""
import torch

BASE = torch.arange(5.0)
V = BASE[1:]


@torch.compile
def f(x):
    return (x * V).sum()


x = torch.ones(4)
print(f(x).item())
BASE.mul_(2)
print(f(x).item())
BASE = torch.full((5,), 3.0)
print(f(x).item())
V = BASE[1:]
print(f(x).item())
V = BASE[:4]
print(f(x).item())
