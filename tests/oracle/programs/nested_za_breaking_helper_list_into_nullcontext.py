"""nested: a contextlib.nullcontext() is created, then a helper graph-breaks and returns a list of ints, and the list is read inside the with block -- test_ctx_manager.py test_inactive_context_graph_break_local_nullctx2."""
import contextlib

import torch


def gn():
    torch._dynamo.graph_break()
    return [0, 1, 2]


@torch.compile(backend="eager")
def fn(x):
    x = x + 1
    ctx = contextlib.nullcontext()
    lst = gn()
    with ctx:
        x = x + lst[1]
    return x


x = torch.zeros(4)
print(fn(x).tolist())
print(fn(x + 1).tolist())
