"""recomp: has_torch_function_unary/variadic queried on a non-tensor __torch_function__ object, a subclass instance and an int, each on the same compiled function -- test_subclasses.py test_has_torch_function."""
import torch


class Duck:
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))


class Sub(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs or {})


@torch.compile
def f(x):
    u = torch.overrides.has_torch_function_unary(x)
    v = torch.overrides.has_torch_function_variadic(x)
    return u, v, torch.ones(2) * (2 if u else 3) + (1 if v else 0)


for arg in (Duck(), 4, torch.ones(2).as_subclass(Sub), torch.ones(2), 5):
    u, v, t = f(arg)
    print(u, v, t.tolist())
