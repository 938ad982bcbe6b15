"""recomp: the frame iterates a global set of ints into a running sum; the user adds, then discards elements between calls -- test_sets.py set iteration guards."""
import torch

S = {1, 2, 4}


@torch.compile
def fn(x):
    for v in S:
        x = x * 2 + v
    return x


x = torch.zeros(3)
print(fn(x).sum().item())
S.add(7)
print(fn(x).sum().item())
S.discard(1)
print(fn(x).sum().item())
print(fn(x).sum().item())
