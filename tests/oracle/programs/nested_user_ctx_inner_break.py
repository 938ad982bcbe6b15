"""nested: two nested user context managers that set grad mode, the graph break inside the inner one -- test_ctx_manager.py test_nested_generic_context_manager_with_graph_break."""
import torch
import torch._dynamo

class Grad:
    def __init__(self, mode):
        self.prev, self.mode = torch.is_grad_enabled(), mode

    def __enter__(self):
        torch._C._set_grad_enabled(self.mode)

    def __exit__(self, *exc):
        torch._C._set_grad_enabled(self.prev)

@torch.compile
def f(x):
    with Grad(True):
        x = x + 1
        with Grad(False):
            x = x * 1.5
            torch._dynamo.graph_break()
            x = x - 3
        x = torch.relu(x)
    return x - 1

with torch.no_grad():
    f(torch.ones(2, 3))
f(torch.ones(2, 3))
