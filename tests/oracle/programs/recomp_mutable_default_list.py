"""recomp: a mutable default argument appended to on every call -- test_functions.py default args."""
import torch

@torch.compile
def f(x, seen=[]):
    seen.append(1)
    return x * len(seen)

x = torch.ones(2)
for _ in range(4):
    f(x)
