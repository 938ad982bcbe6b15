"""recomp: the frame reads sum() of a global list of ints; the user appends to it and overwrites an element -- test_list.py global list guards."""
import torch

L = [1, 2]


@torch.compile
def fn(x):
    return x * sum(L) + len(L)


x = torch.ones(2)
print(fn(x).sum().item())
L.append(3)
print(fn(x).sum().item())
L[0] = 5
print(fn(x).sum().item())
print(fn(x).sum().item())
