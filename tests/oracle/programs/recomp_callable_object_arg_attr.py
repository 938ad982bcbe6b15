"""recomp: a callable object (with __call__) passed as an argument; its attribute changes between calls, then a second instance is passed -- test_functions.py test_callable_obj_arg."""
import torch


class Affine:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def __call__(self, x):
        return x * self.a + self.b


@torch.compile(backend="eager")
def f(x, op):
    return op(x).sum()


torch.manual_seed(0)
x = torch.randn(4)
op = Affine(2.0, 0.0)
print(round(f(x, op).item(), 4))
op.b = 1.0
print(round(f(x, op).item(), 4))
op2 = Affine(2.0, 1.0)
print(round(f(x, op2).item(), 4))
op2.a = -3.0
print(round(f(x, op2).item(), 4))
