"""skip: graph break inside torch.enable_grad() under no_grad -- test_ctx_manager.py test_enable_grad_graph_break."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    with torch.enable_grad():
        y = x * 2
        print("mid")
        y = y.sum()
    return y

with torch.no_grad():
    f(torch.ones(3, requires_grad=True))
