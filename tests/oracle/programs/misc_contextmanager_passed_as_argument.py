"""misc: a @contextlib.contextmanager object created outside and passed as an argument; the frame calls __enter__ and __exit__ on it; a fresh one each call -- test_ctx_manager.py test_contextmanager_as_argument."""
import contextlib
import torch

def h(x):
    return x.cos()

@contextlib.contextmanager
def whoo(x):
    try:
        yield h(x) + 1
    finally:
        pass

@torch.compile
def f(x, ctx):
    y = ctx.__enter__()
    ctx.__exit__(None, None, None)
    return x + y

x = torch.tensor([1.0])
for _ in range(3):
    print(f(x, whoo(x)))
