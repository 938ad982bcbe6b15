"""skip: explicit graph_break inside a while loop -- test_misc.py test_graph_break_while_loop."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    i = 0
    while i < 2:
        x = x * 2
        torch._dynamo.graph_break()
        i += 1
    return x

f(torch.ones(2))
