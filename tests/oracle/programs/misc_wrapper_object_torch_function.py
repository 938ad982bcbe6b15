"""misc: a plain Python wrapper object (not a Tensor) implements __torch_function__ and unwraps itself; torch.add(w, 1.0, alpha=...) is traced through it, then the wrapped tensor changes shape -- test_subclasses.py test_torch_function_wrapper_class_with_kwargs."""
import torch


class Wrap:
    def __init__(self, t):
        self.t = t

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        args = [a.t if isinstance(a, Wrap) else a for a in args]
        return func(*args, **kwargs)


@torch.compile
def f(w, alpha):
    return torch.add(w, 1.0, alpha=alpha)


print(f(Wrap(torch.ones(2, 2)), 2.0).sum().item())
print(f(Wrap(torch.zeros(2, 2)), 2.0).sum().item())
print(f(Wrap(torch.ones(2, 2)), 3.0).sum().item())
print(f(Wrap(torch.ones(3)), 3.0).sum().item())
