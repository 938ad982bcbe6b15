"""skip: a torch.set_grad_enabled(True) object created before a graph break and entered after it; called plain and under no_grad -- test_ctx_manager.py test_inactive_context_graph_break_local."""
import torch

@torch.compile
def f(x):
    x = x + 1
    ctx = torch.set_grad_enabled(True)
    torch._dynamo.graph_break()
    with ctx:
        x = x * 2
    return x

x = torch.zeros(4, requires_grad=True)
print(f(x).requires_grad)
print(f(x).requires_grad)
with torch.no_grad():
    print(f(x).requires_grad)
