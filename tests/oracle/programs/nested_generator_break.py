"""nested: a generator function with a graph break between yields, consumed by a for loop in the frame -- test_generator.py test_graph_break_in_generator."""
import torch
import torch._dynamo

def pieces(x):
    yield x + 1
    torch._dynamo.graph_break()
    yield x * 2

@torch.compile
def f(x):
    out = torch.zeros_like(x)
    for p in pieces(x):
        out = out + p
    return out

f(torch.ones(3))
