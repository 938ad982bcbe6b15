"""skip: a @contextmanager that swallows ValueError, with a print graph break inside the with-body."""
import contextlib
import torch


@contextlib.contextmanager
def swallow():
    try:
        yield
    except ValueError:
        pass


@torch.compile(backend="eager")
def f(x):
    y = x + 1
    with swallow():
        print("inside")
        y = y * 2
    return y - 1


print(f(torch.ones(2)))
print(f(torch.ones(2)))
