"""nested: a callee uses a @contextlib.contextmanager that graph-breaks before its yield; the compiled caller adds around the call -- test_ctx_manager.py test_graph_break_inside_ctx_1."""
import contextlib
import torch

L = []

@contextlib.contextmanager
def whoo(x):
    y = x.tan()
    try:
        L.append(1)
        torch._dynamo.graph_break()
        yield y
    finally:
        L.append(2)

def bar(x):
    with whoo(x) as z:
        return z.neg()

@torch.compile
def f(x):
    return x.sin() + bar(x) + x.cos()

x = torch.ones(2)
for _ in range(2):
    print(f(x))
print(L)
