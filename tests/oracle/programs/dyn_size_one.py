"""dyn: sizes 0/1 are specialised, a size-1 batch recompiles -- test_recompiles.py 0/1 specialization."""
import torch

@torch.compile
def f(x):
    return x + 1

f(torch.ones(4))
f(torch.ones(5))
f(torch.ones(1))
