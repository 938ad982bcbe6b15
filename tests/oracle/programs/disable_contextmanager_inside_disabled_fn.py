"""disable: a torch._dynamo.disable'd function uses a @contextlib.contextmanager; the compiled caller does tensor work around the call -- test_ctx_manager.py test_disable_ctx_manager / test_dynamo_disable_ctx."""
import contextlib
import torch

@contextlib.contextmanager
def whoo(x):
    try:
        yield x + 1
    finally:
        pass

@torch._dynamo.disable
def g(x):
    with whoo(x) as y:
        return y

@torch.compile
def f(x):
    a = x * 2
    b = g(a)
    return b.sin()

x = torch.tensor([1.0, 3.0])
for _ in range(2):
    print(f(x))
