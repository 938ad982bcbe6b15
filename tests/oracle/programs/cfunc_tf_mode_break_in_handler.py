"""cfunc: an outer torch function mode calls torch._dynamo.graph_break() from its __torch_function__ for torch.sub only; the compiled function does add, sub, mul -- test_modes.py (mode __torch_function__ traced; break inside the handler)."""
import torch
from torch.overrides import BaseTorchFunctionMode


class BreakOnSub(BaseTorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func == torch.sub:
            torch._dynamo.graph_break()
        return super().__torch_function__(func, types, args, kwargs)


@torch.compile
def f(x):
    a = torch.add(x, 1)
    b = torch.sub(a, 2)
    return torch.mul(b, 3)


x = torch.ones(2)
with BreakOnSub():
    print(f(x).tolist())
    print(f(x).tolist())
print(f(x).tolist())
