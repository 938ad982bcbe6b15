"""recomp: an int argument drives range() in a Python loop, so it stays specialised -- test_unspec.py test_unspec_int loop bound."""
import torch

@torch.compile
def f(x, n):
    for _ in range(n):
        x = x * 2 + 1
    return x

for n in (2, 3, 4):
    f(torch.ones(3), n)
