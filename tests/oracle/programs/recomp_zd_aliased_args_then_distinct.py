"""recomp: the same tensor passed twice, then two distinct tensors -- test_recompiles.py test_aliasing_guard_failures."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(a, b):
    a.add_(1)
    return a * b


x = torch.randn(4)
print(f(x, x))
print(f(x, x))
y = torch.randn(4)
print(f(x, y))
print(f(y, x))
