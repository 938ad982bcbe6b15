"""recomp: a closure built by a factory over different ints is passed in as an argument -- test_recompiles.py test_automatic_dynamic_on_closed_ints."""
import torch

def make(k):
    def g(y):
        return y + k
    return g

@torch.compile
def h(x, g):
    return g(x)

for i in range(6):
    h(torch.ones(4), make(i))
