"""nested: a break two calls deep gives 6 graphs over 3 frames -- test_error_messages.py test_nested_graph_break."""
import torch
import torch._dynamo

def inner(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x + 2

def middle(x):
    x = x * 2
    x = inner(x)
    return x * 3

@torch.compile
def f(x):
    x = x - 1
    x = middle(x)
    return x.sin()

f(torch.ones(3))
