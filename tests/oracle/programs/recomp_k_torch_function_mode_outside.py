"""recomp: a compiled function is called under a global TorchFunctionMode that rewrites add into mul, then without the mode, then under the mode inside DisableTorchFunction -- test_guard_serialization.py test_torch_function_state."""
import torch
from torch.overrides import TorchFunctionMode


class AddToMul(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in (torch.add, torch.Tensor.add):
            return torch.mul(*args, **kwargs)
        return func(*args, **kwargs)


@torch.compile
def fn(x):
    return torch.add(x, 3)


x = torch.full((3,), 2.0)
print(round(fn(x).sum().item(), 4))
with AddToMul():
    print(round(fn(x).sum().item(), 4))
print(round(fn(x).sum().item(), 4))
with AddToMul():
    with torch._C.DisableTorchFunction():
        print(round(fn(x).sum().item(), 4))
