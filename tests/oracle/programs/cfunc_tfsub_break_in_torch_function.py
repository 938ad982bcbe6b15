"""cfunc: a subclass's __torch_function__ calls torch._dynamo.graph_break() for one op (mul), so tracing breaks inside the override; other ops stay in graph -- test_subclasses.py test_subclass_dont_invoke_torch_function_on_overridden_method (breaking variant)."""
import torch


class Breaky(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if func is torch.Tensor.mul:
            torch._dynamo.graph_break()
        return super().__torch_function__(func, types, args, kwargs or {})


@torch.compile
def f(x):
    y = x + 1
    z = y.mul(3)
    return z - 1


x = torch.ones(3).as_subclass(Breaky)
print(f(x).tolist())
print(f(x).tolist())
print(f(torch.ones(3)).tolist())
