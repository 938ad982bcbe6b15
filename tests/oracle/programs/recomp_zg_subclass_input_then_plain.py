"""recomp: function first called with a __torch_function__ tensor subclass instance, then with a plain tensor of same shape."""
import torch

torch.manual_seed(0)


class Tagged(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs or {})


@torch.compile(backend="eager")
def f(x):
    return x.mul(2).sum()


t = torch.ones(3)
print(f(t.as_subclass(Tagged)))
print(f(t))
print(f(t.as_subclass(Tagged)))
