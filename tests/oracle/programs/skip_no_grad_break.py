"""skip: graph break inside torch.no_grad() is supported (not skipped) -- test_ctx_manager.py test_no_grad_graph_break."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    with torch.no_grad():
        y = x * 2
        torch._dynamo.graph_break()
        y = y + 1
    return y

f(torch.ones(3, requires_grad=True))
