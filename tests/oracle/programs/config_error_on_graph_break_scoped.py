"""config: torch._dynamo.error_on_graph_break(True) around a compiled function, with one block allowed to break via error_on_graph_break(False) -- test_decorators.py test_error_on_graph_break."""
import torch
import torch._dynamo

@torch._dynamo.error_on_graph_break(True)
@torch.compile
def f(x):
    x = x + 1
    with torch._dynamo.error_on_graph_break(False):
        torch._dynamo.graph_break()
    return x * 2

f(torch.ones(3))
f(torch.ones(3))
