"""misc: subclass __torch_function__ rewrites torch.add into torch.sub before dispatching, used inside a compiled fn."""
import torch

torch.manual_seed(0)


class Flip(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func is torch.add or func is torch.Tensor.add:
            func = torch.sub
        return super().__torch_function__(func, types, args, kwargs)


@torch.compile(backend="eager")
def f(x, y):
    return torch.add(x, y) * 2


a = torch.full((3,), 5.0).as_subclass(Flip)
b = torch.ones(3)
print(f(a, b))
print(f(a, b * 2))
