"""skip: a graph break inside `with Mode():` (a torch function mode that rewrites torch.add) in the compiled function; the mode must still apply after the resume -- test_modes.py test_torch_function_mode_graph_break."""
import torch
from torch.overrides import BaseTorchFunctionMode


class AddToZeros(BaseTorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func == torch.add:
            return torch.zeros(2, 2)
        return super().__torch_function__(func, types, args, kwargs)


@torch.compile
def f(x, y):
    with AddToZeros():
        torch._dynamo.graph_break()
        o = torch.add(x, 3)
    return torch.add(o, y)


x = torch.ones(2, 2) + 1
print(f(x, torch.ones(2, 2)).tolist())
print(f(x, torch.ones(2, 2) * 2).tolist())
