"""scalar: capture_scalar_outputs keeps .item() in the graph, but a helper's `if y > 2` on it is data-dependent and breaks -- test_unspec.py test_data_dependent_evaluate_expr_graph_break."""
import torch
import torch._dynamo

torch._dynamo.config.capture_scalar_outputs = True

def above(y):
    if y > 2:
        return True
    return False

@torch.compile
def f(x):
    x = x + 1
    y = x.item()
    if above(y):
        return x * 2
    return x * 3

f(torch.tensor([3.0]))
f(torch.tensor([0.0]))
