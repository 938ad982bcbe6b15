"""nested: the same breaking helper called twice -- test_misc.py repeated helper graph break."""
import torch
import torch._dynamo

def noisy(x):
    torch._dynamo.graph_break()
    return x + 1

@torch.compile
def f(x):
    x = noisy(x)
    x = x * 2
    x = noisy(x)
    return x

f(torch.ones(3))
