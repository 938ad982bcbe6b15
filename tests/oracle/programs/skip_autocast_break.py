"""skip: a graph break inside torch.autocast("cpu") -- test_ctx_manager.py test_autocast_graph_break."""
import torch
import torch._dynamo

@torch.compile
def f(a, b):
    x = a + 1
    with torch.autocast("cpu", dtype=torch.bfloat16):
        y = x @ b
        torch._dynamo.graph_break()
        y = y @ b
    return y.float().sum()

torch.manual_seed(0)
f(torch.randn(2, 2), torch.randn(2, 2))
