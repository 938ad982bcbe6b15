"""recomp: a bound method passed in (A(1).apply, then A(5).apply) -- test_recompiles.py guards on fn.__self__ attributes."""
import torch
class A:
    def __init__(self, k): self.k = k
    def apply(self, y): return y + self.k
@torch.compile
def f(x, fn):
    return fn(x)
f(torch.ones(2), A(1).apply); f(torch.ones(2), A(5).apply)
