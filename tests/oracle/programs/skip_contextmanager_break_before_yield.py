"""skip: a @contextlib.contextmanager generator graph-breaks before its yield, used in a with statement of the compiled function (every frame skipped, no graph) -- test_ctx_manager.py test_graph_break_inside_ctx."""
import contextlib
import torch

@contextlib.contextmanager
def whoo(x):
    y = x.tan()
    try:
        torch._dynamo.graph_break()
        yield y
    finally:
        pass

@torch.compile
def f(x):
    y = x.sin()
    with whoo(x) as z:
        y = y + z.neg()
    y = y + x.cos()
    return y

x = torch.ones(2)
for _ in range(2):
    print(f(x))
