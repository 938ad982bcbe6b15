"""misc: a torch function mode outside the compiled call takes priority over an input subclass's __torch_function__ (both rewrite torch.add); then DisableTorchFunctionSubclass under the mode, then no mode -- test_modes.py test_torch_function_mode_highest_priority / test_torch_function_mode_disable."""
import torch
from torch.overrides import BaseTorchFunctionMode


class SubOnes(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func == torch.add:
            return torch.ones(2, 2)
        return super().__torch_function__(func, types, args, kwargs)


class ModeZeros(BaseTorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func == torch.add:
            return torch.zeros(2, 2)
        return super().__torch_function__(func, types, args, kwargs)


@torch.compile
def f(x):
    return torch.add(x, 3)


inp = (torch.ones(2, 2) + 1).as_subclass(SubOnes)
with ModeZeros():
    print(f(inp).sum().item())
    with torch._C.DisableTorchFunctionSubclass():
        print(f(inp).sum().item())
print(f(inp).sum().item())
with ModeZeros():
    print(f(inp).sum().item())
