"""nested: a helper takes a set_grad_enabled object and an argument that is torch._dynamo.graph_break() evaluated in the call's argument list -- test_ctx_manager.py test_inactive_context_graph_break_stack2."""
import torch

def gn(x, ctx, a, b, dummy):
    with ctx:
        return x * a * b

@torch.compile
def f(x):
    x = x + 1
    x = gn(x, torch.set_grad_enabled(True), 2, 3, torch._dynamo.graph_break())
    return x

x = torch.zeros(5)
print(f(x).requires_grad)
with torch.no_grad():
    print(f(x).requires_grad)
print(f(x).requires_grad)
