"""skip: a graph break inside `with torch.autograd.graph.disable_saved_tensors_hooks(...)`, called twice -- test_ctx_manager.py test_disable_saved_tensors_hooks_graph_break."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    with torch.autograd.graph.disable_saved_tensors_hooks("no hooks here"):
        y = x + 1
        torch._dynamo.graph_break()
        return y * 2

f(torch.ones(3))
f(torch.ones(3))
