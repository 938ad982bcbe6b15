"""recomp: an int argument read only before a break changes: the frame recompiles, the code after the break does not (its arguments are the same) -- test_recompiles.py automatic dynamic int, resume function reuse."""
import torch
import torch._dynamo


@torch.compile
def f(x, n):
    y = x * n
    torch._dynamo.graph_break()
    return y + 1


f(torch.ones(3), 2)
f(torch.ones(3), 3)
f(torch.ones(3), 4)
