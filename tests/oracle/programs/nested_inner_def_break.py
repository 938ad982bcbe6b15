"""nested: a graph break inside a function defined (and called) inside the compiled frame -- test_misc.py test_nested_closure / inner function graph break."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    y = x + 1

    def inner(t):
        t = t * 2
        torch._dynamo.graph_break()
        return t - y

    return inner(x).sum()

f(torch.ones(3))
f(torch.ones(3))
