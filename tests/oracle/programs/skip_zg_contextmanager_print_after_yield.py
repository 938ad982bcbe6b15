"""skip: @contextmanager whose cleanup code after the yield prints (break while exiting the with block)."""
import contextlib
import torch

torch.manual_seed(0)


@contextlib.contextmanager
def timed(label):
    yield
    print("done", label)


@torch.compile(backend="eager")
def f(x):
    x = x + 1
    with timed("blk"):
        x = x * 2
    return x - 1


print(f(torch.ones(2)))
print(f(torch.ones(2)))
