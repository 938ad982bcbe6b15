"""skip: a @contextlib.contextmanager whose finally clause graph-breaks, driven by explicit __enter__()/__exit__() calls in the frame -- test_ctx_manager.py test_graph_break_in_finally."""
import contextlib
import torch

z = []

@contextlib.contextmanager
def whoo(x):
    try:
        z.append(1)
        yield x.sin()
    finally:
        torch._dynamo.graph_break()
        z.append(2)

@torch.compile
def f(x):
    ctx = whoo(x)
    y = ctx.__enter__()
    ctx.__exit__(None, None, None)
    return y + 1

x = torch.tensor([1.0])
for _ in range(2):
    print(f(x))
print(z)
