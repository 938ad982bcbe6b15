"""cfunc: torch._dynamo.disallow_in_graph(torch.sub) turns a torch op into a graph break -- test_decorators.py test_disallow_in_graph."""
import torch
import torch._dynamo

torch._dynamo.disallow_in_graph(torch.sub)

@torch.compile
def f(a):
    x = torch.add(a, 1)
    x = torch.add(x, 1)
    x = torch.sub(x, 1)
    x = torch.add(x, 1)
    return x * 2

f(torch.ones(4))
f(torch.ones(4))
