"""cfunc: two explicit breaks in one frame -- test_misc.py test_multiple_graph_breaks."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    x = x + 1
    torch._dynamo.graph_break()
    x = x * 2
    torch._dynamo.graph_break()
    return x - 3

f(torch.ones(3))
