"""skip: explicit ctx.__enter__() of a @contextlib.contextmanager, then a graph break inside try, __exit__ in finally -- test_ctx_manager.py test_graph_break_after___enter__ / test_graph_break_before_and_after___enter__."""
import contextlib
import torch

@contextlib.contextmanager
def whoo(x):
    try:
        yield x + 1
    finally:
        pass

@torch.compile
def f(x):
    ctx = whoo(x)
    try:
        torch._dynamo.graph_break()
        y = ctx.__enter__()
        torch._dynamo.graph_break()
    finally:
        ctx.__exit__(None, None, None)
    return y * 2

x = torch.tensor([1.0, 2.0])
for _ in range(3):
    print(f(x))
