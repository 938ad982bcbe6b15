"""nested: a set_grad_enabled(False) object passed through a helper that graph-breaks and returns it, then entered -- test_ctx_manager.py test_inactive_context_graph_break_stack."""
import torch

def passthrough(ctx):
    torch._dynamo.graph_break()
    return ctx

@torch.compile
def f(x):
    x = x + 1
    ctx = passthrough(torch.set_grad_enabled(False))
    with ctx:
        x = x * 3
    return x - 1

x = torch.ones(3, requires_grad=True)
for _ in range(3):
    print(f(x).requires_grad)
