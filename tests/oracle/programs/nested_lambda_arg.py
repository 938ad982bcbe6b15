"""nested: a closure passed as an argument -- test_functions.py closure argument (issue 13)."""
import torch

def make(k):
    return lambda y: y + k

@torch.compile
def h(x, g):
    return g(x) * 2

x = torch.ones(3)
for i in range(3):
    h(x, make(i))
