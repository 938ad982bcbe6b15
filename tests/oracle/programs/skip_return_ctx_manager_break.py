"""skip: a user context manager object built before a graph break, entered after it, and returned -- test_ctx_manager.py test_return_context_manager_with_graph_break."""
import torch
import torch._dynamo

class GradCtx:
    def __init__(self, mode):
        self.prev = torch.is_grad_enabled()
        self.mode = mode

    def __enter__(self):
        torch._C._set_grad_enabled(self.mode)

    def __exit__(self, *exc):
        torch._C._set_grad_enabled(self.prev)

@torch.compile
def f(x):
    cm = GradCtx(False)
    torch._dynamo.graph_break()
    with cm:
        y = x * 2
    return cm, y

f(torch.ones(2, 3))
f(torch.ones(2, 3))
