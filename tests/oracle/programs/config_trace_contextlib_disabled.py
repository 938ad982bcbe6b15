"""config: enable_trace_contextlib=False: a @contextlib.contextmanager with-block in the frame is a graph break instead of being traced -- test_ctx_manager.py test_disable_trace_contextmanager."""
import contextlib
import torch

torch._dynamo.config.enable_trace_contextlib = False

@contextlib.contextmanager
def whoo(x):
    try:
        yield x.cos()
    finally:
        pass

def g(x):
    return x.neg() + x.acos()

@torch.compile(dynamic=False)
def f(x):
    y = x.sin()
    with whoo(x) as z:
        y = y + g(z)
    y = y + y.tan()
    return y

x = torch.full((2,), 0.5)
for _ in range(2):
    print(f(x))
