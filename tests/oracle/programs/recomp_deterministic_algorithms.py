"""recomp: torch.use_deterministic_algorithms toggled between calls (global state guard) -- test_misc.py test_deterministic_algorithms_mutated."""
import torch

@torch.compile
def f(x):
    return x * 3

x = torch.ones(3)
f(x)
torch.use_deterministic_algorithms(True)
f(x)
torch.use_deterministic_algorithms(False)
f(x)
