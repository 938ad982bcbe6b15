"""recomp: a closed-over int changes between closures -- test_recompiles.py closure cell guard."""
import torch

def make(k):
    @torch.compile
    def g(x):
        return x + k
    return g

for k in (1, 2, 3):
    make(k)(torch.ones(3))
