"""recomp: a user TorchFunctionMode that rewrites add to sub is entered around the second call only."""
import torch
from torch.overrides import TorchFunctionMode


class AddToSub(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func is torch.Tensor.add:
            func = torch.Tensor.sub
        return func(*args, **kwargs)


@torch.compile(backend="eager")
def f(x):
    return x.add(1) * 2


x = torch.ones(2)
print(f(x))
with AddToSub():
    print(f(x))
print(f(x))
