"""sidefx: a @contextlib.contextmanager appends to a global list, graph-breaks before its yield and appends again in its finally; the compiled function uses it in a with statement and is called twice (every frame of the with runs as Python) -- test_ctx_manager.py test_graph_break_inside_ctx_with_side_effects."""
import contextlib

import torch

LOG = []


@contextlib.contextmanager
def whoo(x):
    y = x.tan()
    try:
        LOG.append(x.sin())
        torch._dynamo.graph_break()
        yield y
    finally:
        LOG.append(x.cos())


@torch.compile(backend="eager")
def f(x):
    y = x.sin()
    with whoo(x) as z:
        y = y + z.neg()
    y = y + x.cos()
    return y


x = torch.linspace(0.0, 1.0, 3)
for _ in range(2):
    print([round(v, 4) for v in f(x).tolist()])
print(len(LOG))
