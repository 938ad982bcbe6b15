"""sidefx: a @contextlib.contextmanager entered outside, passed in, and only exited (__exit__ runs its finally, which appends to a list) inside the frame -- test_ctx_manager.py test_contextmanager_as_argument_only___exit__."""
import contextlib
import torch

L = []

@contextlib.contextmanager
def whoo(x):
    try:
        L.append("enter")
        yield x.cos() + 1
    finally:
        L.append("exit")

@torch.compile
def f(x, ctx):
    ctx.__exit__(None, None, None)
    return x.sin()

x = torch.tensor([1.0])
for _ in range(2):
    c = whoo(x)
    c.__enter__()
    print(f(x, c))
print(L)
