"""fullgraph: error_on_graph_break(True) inside a helper makes its print an error even though the compile is not fullgraph; caught -- test_decorators.py test_error_on_graph_break_nested."""
import torch
import torch._dynamo

def log_and_scale(x):
    with torch._dynamo.error_on_graph_break(True):
        print("scaling")
    return x * 2

@torch.compile
def f(x):
    return log_and_scale(x + 1)

try:
    f(torch.ones(3))
except torch._dynamo.exc.Unsupported:
    pass
