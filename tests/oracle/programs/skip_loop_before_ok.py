"""skip: a loop with no break, then a break after it -- test_misc.py loop then graph break (not skipped)."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    for i in range(3):
        x = x + 1
    torch._dynamo.graph_break()
    return x * 2

f(torch.ones(2))
