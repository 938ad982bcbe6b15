"""misc: two nested torch function modes outside the compiled call (outer rewrites torch.add, inner rewrites torch.mul) and flags set from their __torch_function__ -- test_modes.py test_nested_torch_function_mode."""
import torch
from torch.overrides import BaseTorchFunctionMode

called = []


class M1(BaseTorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        called.append("m1")
        if func == torch.add:
            return torch.zeros(2, 2)
        return super().__torch_function__(func, types, args, kwargs)


class M2(BaseTorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        called.append("m2")
        if func == torch.mul:
            return torch.ones(2, 2)
        return super().__torch_function__(func, types, args, kwargs)


@torch.compile(fullgraph=True)
def f(x):
    return torch.mul(x, 3) + torch.add(x, 3)


x = torch.ones(2, 2) + 1
with M1(), M2():
    print(f(x).tolist(), sorted(set(called)))
    called.clear()
    print(f(x).tolist(), sorted(set(called)))
print(f(x).tolist())
