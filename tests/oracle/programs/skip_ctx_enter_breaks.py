"""skip: a user context manager whose __enter__ graph-breaks before turning grad off; the with body branches on torch.is_grad_enabled() -- test_ctx_manager.py test_generic_ctx_manager_with_graph_break."""
import torch
import torch._dynamo

class GradOff:
    def __enter__(self):
        self.prev = torch.is_grad_enabled()
        torch._dynamo.graph_break()
        torch._C._set_grad_enabled(False)

    def __exit__(self, *exc):
        torch._C._set_grad_enabled(self.prev)

@torch.compile
def f(x):
    with GradOff():
        if torch.is_grad_enabled():
            z = x + 1000
        else:
            z = (x * 2).sin() + 3
    return z

x = torch.ones(2, 3, requires_grad=True)
f(x)
f(x)
