"""nested: a helper registered with torch._dynamo.allow_in_graph is not traced into, so the graph_break inside it does not break -- test_decorators.py test_allow_in_graph / test_allow_in_graph_no_id_reuse."""
import torch
import torch._dynamo

def scale(x):
    torch._dynamo.graph_break()
    return x * 3

torch._dynamo.allow_in_graph(scale)

@torch.compile
def f(a):
    x = torch.add(a, 1)
    x = scale(x)
    return torch.add(x, 1)

f(torch.ones(4))
f(torch.ones(4))
