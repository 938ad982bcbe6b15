"""fullgraph: an exception raised inside `with torch.no_grad()` and caught outside it, under fullgraph=True -- test_exceptions.py test_exception_with_ctx_manager."""
import torch

@torch.compile(fullgraph=True)
def f(x):
    x = torch.cos(x)
    try:
        with torch.no_grad():
            x = torch.sin(x)
            raise NotImplementedError("not implemented")
    except NotImplementedError:
        x = torch.sigmoid(x)
    return x, torch.is_grad_enabled()

f(torch.ones(4))
f(torch.ones(4, requires_grad=True))
with torch.no_grad():
    f(torch.ones(4))
