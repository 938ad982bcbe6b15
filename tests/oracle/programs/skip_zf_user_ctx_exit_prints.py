"""skip: class-based context manager whose __exit__ prints (graph break while exiting the with block)."""
import torch

torch.manual_seed(0)


class Timer:
    def __init__(self, tag):
        self.tag = tag

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        print("leaving", self.tag)
        return False


@torch.compile(backend="eager")
def f(x):
    y = x + 1
    with Timer("blk"):
        y = y * 2
    return y - 1


print(f(torch.ones(3)))
print(f(torch.ones(3)))
