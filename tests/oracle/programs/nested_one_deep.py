"""nested: a break one call deep -- test_error_messages.py nested graph break (one level)."""
import torch
import torch._dynamo

def helper(x):
    y = x.cos()
    torch._dynamo.graph_break()
    return y + 1

@torch.compile
def f(x):
    return helper(x * 2) * 3

f(torch.ones(3))
