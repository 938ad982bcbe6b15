"""skip: two nested @contextlib.contextmanager grad-mode managers (outer on, inner off), a graph break inside the inner one; called under no_grad and then with grad on -- test_ctx_manager.py test_nested_generic_context_manager_with_graph_break (contextlib variant)."""
import contextlib

import torch


@contextlib.contextmanager
def grad_mode(mode):
    prev = torch.is_grad_enabled()
    try:
        yield torch._C._set_grad_enabled(mode)
    finally:
        torch._C._set_grad_enabled(prev)


@torch.compile(backend="eager")
def f(x):
    with grad_mode(True):
        x = x + 1
        if torch.is_grad_enabled():
            x = x * 2
        with grad_mode(False):
            if torch.is_grad_enabled():
                x = x - 3
            torch._dynamo.graph_break()
            x = x * 1.5
        x = torch.relu(x)
    return x - 1


x = torch.arange(6.0).reshape(2, 3)
with torch.no_grad():
    print(f(x).tolist())
print(f(x).tolist())
print(f(x).tolist())
