"""misc: a torch function mode that replaces torch.add with zeros is entered and exited inside the compiled function (fullgraph); the add after the block is not intercepted -- test_modes.py test_torch_function_mode_enter_exit."""
import torch
from torch.overrides import BaseTorchFunctionMode


class AddToZeros(BaseTorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func == torch.add:
            return torch.zeros(2, 2)
        return super().__torch_function__(func, types, args, kwargs)


@torch.compile(fullgraph=True)
def f(x, y):
    with AddToZeros():
        o = torch.add(x, 3)
        p = torch.mul(x, 2)
    return torch.add(o, y) + p


x = torch.ones(2, 2) + 1
print(f(x, torch.ones(2, 2)).tolist())
print(f(x, torch.full((2, 2), 4.0)).tolist())
