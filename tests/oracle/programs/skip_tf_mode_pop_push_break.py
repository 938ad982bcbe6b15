"""skip: inside a torch function mode in the compiled function the mode is popped off the stack, an attribute set on it, a graph break, then pushed back and used -- test_modes.py test_torch_function_mode_and_pop_graph_break_mutation."""
import torch
from torch._C import _pop_torch_function_stack, _push_on_torch_function_stack
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
        z = _pop_torch_function_stack()
        z.y = 5
        torch._dynamo.graph_break()
        _push_on_torch_function_stack(z)
        o = torch.add(x, 3)
        o = torch.mul(o, z.y)
    return torch.add(o, y)


x = torch.ones(2, 2)
print(f(x, torch.ones(2, 2)).tolist())
print(f(x, torch.ones(2, 2) * 3).tolist())
print(torch._C._len_torch_function_stack())
