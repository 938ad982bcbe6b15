"""recomp: a global flag read before a break flips: the frame recompiles on it, the code after the break does not read it and is reused -- test_recompiles.py global guard, resume function."""
import torch
import torch._dynamo

SCALE = True


@torch.compile
def f(x):
    y = x * 2 if SCALE else x
    torch._dynamo.graph_break()
    return y - 1


f(torch.ones(3))
SCALE = False
f(torch.ones(3))
