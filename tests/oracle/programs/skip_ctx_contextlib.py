"""skip: graph break inside a @contextlib.contextmanager block -- test_ctx_manager.py contextlib graph break."""
import contextlib
import torch
import torch._dynamo

@contextlib.contextmanager
def scope():
    yield

@torch.compile
def f(x):
    with scope():
        x = x.cos()
        torch._dynamo.graph_break()
        x = x + 2
    return x

f(torch.ones(3))
