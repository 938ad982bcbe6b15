"""disable: torch.compile of a function that is itself disabled -- test_misc.py test_disable_compile."""
import torch

@torch.compiler.disable
def g(x):
    return x + 1

f = torch.compile(g)
f(torch.ones(3))
