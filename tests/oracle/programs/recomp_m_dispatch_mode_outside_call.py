"""recomp: the compiled fn is called once plainly, then inside a user TorchDispatchMode that rewrites add into mul, then plainly again -- test_modes.py test_torch_dispatch_mode_outside_compile."""
import torch
from torch.utils._python_dispatch import TorchDispatchMode


class AddToMul(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func is torch.ops.aten.add.Tensor:
            func = torch.ops.aten.mul.Tensor
        return func(*args, **(kwargs or {}))


@torch.compile(backend="eager")
def f(x, y):
    return (x + y).sum()


x, y = torch.arange(3.0), torch.full((3,), 2.0)
print(f(x, y).item())
with AddToMul():
    print(f(x, y).item())
print(f(x, y).item())
