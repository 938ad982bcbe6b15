"""recomp: `{1, 2} <= s` on a set argument mutated by the user (remove, then add back) between calls -- test_sets.py set comparison guards."""
import torch


@torch.compile
def fn(x, s):
    if {1, 2} <= s:
        return x + 1
    return x - 1


s = {1, 2, 3}
x = torch.zeros(2)
print(fn(x, s).sum().item())
s.remove(2)
print(fn(x, s).sum().item())
s.add(2)
print(fn(x, s).sum().item())
s.add(10)
print(fn(x, s).sum().item())
