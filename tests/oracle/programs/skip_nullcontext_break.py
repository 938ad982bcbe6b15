"""skip: a graph break inside `with contextlib.nullcontext():` (an optional-context pattern) -- test_ctx_manager.py contextlib.nullcontext with graph break."""
import contextlib
import torch
import torch._dynamo

@torch.compile
def f(x, use_no_grad):
    ctx = torch.no_grad() if use_no_grad else contextlib.nullcontext()
    with ctx:
        x = x * 2
        torch._dynamo.graph_break()
        x = x + 1
    return x

f(torch.ones(3), False)
f(torch.ones(3), True)
