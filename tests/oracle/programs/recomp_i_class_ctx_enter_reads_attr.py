"""recomp: a class-based context manager (__enter__/__exit__) whose __enter__ returns self.scale; the instance attribute is changed from outside between calls -- test_ctx_manager.py user-defined context manager objects."""
import torch


class Scale:
    def __init__(self, scale):
        self.scale = scale
        self.depth = 0

    def __enter__(self):
        self.depth += 1
        return self.scale

    def __exit__(self, *exc):
        self.depth -= 1
        return False


cm = Scale(2.0)


@torch.compile
def f(x):
    with cm as k:
        y = x * k
    return y + cm.depth


x = torch.ones(3)
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
cm.scale = 7.0
print(round(f(x).sum().item(), 4))
cm.depth = 4
print(round(f(x).sum().item(), 4))
