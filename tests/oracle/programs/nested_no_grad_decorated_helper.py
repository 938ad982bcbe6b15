"""nested: a helper decorated with @torch.no_grad() contains a graph break -- test_ctx_manager.py test_no_grad_decorator / decorated helper."""
import torch
import torch._dynamo

@torch.no_grad()
def update_stats(x):
    m = x.mean()
    torch._dynamo.graph_break()
    return m * 2

@torch.compile
def f(x):
    y = x * 3
    s = update_stats(y)
    return y + s

f(torch.ones(3, requires_grad=True))
f(torch.ones(3, requires_grad=True))
