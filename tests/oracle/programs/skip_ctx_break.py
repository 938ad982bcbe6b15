"""skip: graph break inside a user context manager's with block -- test_ctx_manager.py test_generic_context_manager_with_graph_break."""
import torch
import torch._dynamo

class Tag:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

@torch.compile
def f(x):
    x = x + 1
    with Tag():
        x = x * 2
        torch._dynamo.graph_break()
        x = x - 1
    return x

f(torch.ones(3))
