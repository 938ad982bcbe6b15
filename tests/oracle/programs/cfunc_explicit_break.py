"""cfunc: torch._dynamo.graph_break() -- test_error_messages.py test_graph_break."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    y = x + 1
    torch._dynamo.graph_break()
    return y * 2

f(torch.ones(3))
f(torch.ones(3))
