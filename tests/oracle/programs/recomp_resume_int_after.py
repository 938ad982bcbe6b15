"""recomp: an int argument read only after a break changes: both the frame and the code after the break (which takes it as an argument) recompile -- test_recompiles.py automatic dynamic int in a resume function."""
import torch
import torch._dynamo


@torch.compile
def f(x, n):
    y = x + 1
    torch._dynamo.graph_break()
    return y * n


f(torch.ones(3), 2)
f(torch.ones(3), 3)
f(torch.ones(3), 4)
