"""recomp: a global callable object (with __call__) is called in the compiled function; its attribute changes between calls -- test_functions.py test_global_callable_obj."""
import torch


class Shift:
    def __init__(self):
        self.by = 1.0

    def __call__(self, x):
        return x + self.by


SHIFT = Shift()


@torch.compile(backend="eager")
def f(x):
    return SHIFT(x).sum()


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x).item(), 4))
SHIFT.by = -2.0
print(round(f(x).item(), 4))
SHIFT.by = 0.5
print(round(f(x).item(), 4))
