"""recomp: a user context-manager class that turns grad on through torch._C._set_grad_enabled, the body branching on torch.is_grad_enabled(), compiled with fullgraph=True and called under no_grad, then enable_grad, then no_grad again: the ambient grad mode is global state the entry guards -- test_ctx_manager.py test_generic_context_manager."""
import torch


class GradOn:
    def __init__(self, mode):
        self.prev = torch.is_grad_enabled()
        self.mode = mode

    def __enter__(self):
        torch._C._set_grad_enabled(self.mode)

    def __exit__(self, exc_type, exc, tb):
        torch._C._set_grad_enabled(self.prev)


@torch.compile(backend="eager", fullgraph=True)
def f(x):
    with GradOn(True):
        x = x + 1
        if torch.is_grad_enabled():
            x = x * 2
        x = torch.relu(x)
    return x - 1


x = torch.arange(6.0).reshape(2, 3)
with torch.no_grad():
    print(f(x).tolist())
with torch.enable_grad():
    print(f(x).tolist())
with torch.no_grad():
    print(f(x).tolist())
print(torch.is_grad_enabled())
